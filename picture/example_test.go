package picture_test

import (
	"fmt"

	"github.com/gamesolve/gamesolve/picture"
)

// The format of a picture follows its file's extension, and any other
// extension is refused.
func ExampleFormatOf() {
	for _, path := range []string{"race.png", "race.svg", "race.txt"} {
		f, err := picture.FormatOf(path)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(path, f)
	}
	// Output:
	// race.png png
	// race.svg svg
	// picture: "race.txt": the file name must end in .png or .svg
}
