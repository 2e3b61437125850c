// Package numeric puts float64 and exact *big.Rat arithmetic behind one small
// interface, Field, so that a solver is written once and runs in either mode.
//
// The operations follow math/big's convention: z = f.Add(z, x, y) stores x+y
// in z when the representation allows reuse (Exact) and returns the result,
// so a solver that keeps its temporaries allocates nothing in its hot loop,
// while the float64 field simply returns x+y.
//
// Ties: Cmp compares exactly in both fields; Tied reports whether two values
// should be treated as equal when a solver breaks ties. For Exact it is
// equality; for Float it allows a relative error of FloatTieTolerance, since
// values reached along different paths differ in their last bits.
//
// ParseRat reads a probability or weight exactly: "0.3" is 3/10, "1/3" is 1/3.
package numeric
