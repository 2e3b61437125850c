package chefs_test

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/games/chefs"
	"github.com/gamesolve/gamesolve/numeric"
)

// Project Euler 481 for n = 7: every chef's win probability and E(7).
func ExampleSolve() {
	skills, err := chefs.Fibonacci(7)
	if err != nil {
		panic(err)
	}
	r, err := chefs.Solve[float64](context.Background(), numeric.Float{}, skills, chefs.Options{})
	if err != nil {
		panic(err)
	}
	for k, w := range r.Win {
		fmt.Printf("chef %d wins with %.8f\n", k+1, w)
	}
	fmt.Printf("expected dishes %.8f\n", r.Dishes)
	// Output:
	// chef 1 wins with 0.08965042
	// chef 2 wins with 0.20775702
	// chef 3 wins with 0.15291406
	// chef 4 wins with 0.14554098
	// chef 5 wins with 0.15905291
	// chef 6 wins with 0.10261412
	// chef 7 wins with 0.14247050
	// expected dishes 42.28176050
}

// Exact arithmetic and the policy: who shoots whom with skills 1/4, 1/2, 1.
func ExampleSolve_exact() {
	skills, err := chefs.ParseSkills("0.25,0.5,1")
	if err != nil {
		panic(err)
	}
	r, err := chefs.Solve(context.Background(), numeric.Exact{}, skills, chefs.Options{Policy: true})
	if err != nil {
		panic(err)
	}
	fmt.Println("chef 1 wins with", r.Win[0].RatString())
	for chef := 1; chef <= 3; chef++ {
		target, _ := r.Policy.Target(0b111, chef)
		fmt.Printf("chef %d shoots chef %d\n", chef, target)
	}
	// Output:
	// chef 1 wins with 47/160
	// chef 1 shoots chef 3
	// chef 2 shoots chef 3
	// chef 3 shoots chef 2
}
