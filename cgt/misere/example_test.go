package misere_test

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/cgt/misere"
	"github.com/gamesolve/gamesolve/cgt/octal"
)

// Misère Kayles: heap 5's genus, and the quotient of the heaps to 11,
// which decides any sum of them.
func Example() {
	kayles, _ := octal.Parse("0.77")
	g, _ := misere.New(context.Background(), kayles, 11)
	genus, _ := g.GenusOf([]int{5})
	fmt.Println("heap 5:", genus, "tame:", genus.Tame())
	q, _ := g.Quotient()
	fmt.Println("order:", q.Order(), "grew at heaps:", q.Grew)
	sum := []int{3, 5, 7}
	fmt.Println("3 5 7:", q.Names[q.Of(sum)], "P-position:", q.P[q.Of(sum)])
	// Output:
	// heap 5: 4^146 tame: false
	// order: 18 grew at heaps: [1 2 5 9]
	// 3 5 7: ab²c P-position: false
}
