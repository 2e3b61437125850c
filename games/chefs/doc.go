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
// form by going once around it. The straightforward table keeps an n-vector
// for every (set, chef) and needs O(n² 2ⁿ) memory; Solve instead processes
// survivor sets layer by layer by size, keeps only the layers q-1 and q, stores only survivors'
// components, ranks sets in colex order so each layer is one flat array, and
// splits each layer among goroutines. Each set also stores, per chef, the
// chef's own win probability after its successful shot ("self-after"), so
// choosing targets reads q-1 adjacent numbers per candidate set.
package chefs
