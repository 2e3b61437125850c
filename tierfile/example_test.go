package tierfile_test

import (
	"fmt"
	"math/big"
	"os"

	"github.com/gamesolve/gamesolve/tierfile"
)

// A tier of two states with exact values, written to a tier directory and
// read back by key.
func Example() {
	dir, err := os.MkdirTemp("", "tiers")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	d, err := tierfile.OpenDir(dir, tierfile.Manifest{Game: "example", Kind: tierfile.Exact, Width: 1})
	if err != nil {
		panic(err)
	}
	err = d.Write(&tierfile.Tier{Game: "example", Kind: tierfile.Exact, Width: 1, Tier: 1,
		Keys: []uint64{10, 42}, Actions: []int32{0, 1}, Rats: []*big.Rat{big.NewRat(1, 3), big.NewRat(5, 6)}})
	if err != nil {
		panic(err)
	}
	done, _, err := d.Done(1)
	fmt.Println("tier 1 done:", done, err)
	r, err := tierfile.Open(d.Path(1))
	if err != nil {
		panic(err)
	}
	defer r.Close()
	rec, ok, err := r.Lookup(42)
	fmt.Println(ok, err, rec.Action, rec.Rats[0].RatString())
	_, ok, _ = r.Lookup(11)
	fmt.Println("key 11 stored:", ok)
	// Output:
	// tier 1 done: true <nil>
	// true <nil> 1 5/6
	// key 11 stored: false
}
