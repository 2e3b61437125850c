// Package chefs solves Chef Showdown (Project Euler 481) exactly: n chefs in
// cyclic turn order 1..n, chef k succeeding with probability S(k). On a
// success the acting chef eliminates the surviving opponent that maximizes
// its own eventual win probability, ties going to the opponent whose turn
// comes soonest after the acting chef; on a failure nobody is removed. The
// turn passes to the next surviving chef and every turn cooks one dish.
//
// Solve returns every chef's win probability and the expected number of
// dishes from the full table with chef 1 to act, and optionally the optimal
// target in every state (survivor set, chef to act).
//
// The method is dynamic programming over survivor sets, smallest first:
// once the sets with one survivor fewer are solved, every chef's best target
// in a set is known (a success leads to a solved set), so the set's turn
// states form one cycle X_r = p_r U_r + (1-p_r) X_{r+1}, solved in closed
// form by going once around it. The straightforward table keeps an
// n-vector for every (set, chef) and needs O(n² 2ⁿ) memory; Solve instead
// processes survivor sets layer by layer by size, keeps only the layers q-1
// and q (in two buffers, one per parity, each sized for its largest
// layer), stores only survivors' components (q×q numbers per set), ranks
// sets in colex order so each layer is one flat array, and splits each
// layer among goroutines. A chef's win probability right after its shot is
// read where it lies in the smaller set's row, so choosing a target costs
// one look-up per candidate. The chosen targets are kept, a byte per state;
// the expected number of dishes follows from them in a second, lighter
// pass with one number per state, so the win layers need no dishes column.
package chefs
