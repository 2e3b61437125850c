// Package cgt is a combinatorial game theory engine for short partizan
// games {L | R} in canonical form.
//
// A Game is an identifier of a canonical game in a hash-consed table: equal
// games are the same Game, so equality is ==. Canonical forms are built by
// removing dominated options and bypassing reversible ones. Numbers (dyadic
// rationals) are stored by value and compared, added and negated without
// recursion; sums with a number use number translation; games of the form
// x + n·↑ + *m ("nus") are recognised and their sums looked up.
//
// Notation follows CGSuite: integers, dyadic fractions (3/4), *, *n, ^, v,
// ^*, ^^, ^3, ±x (also written +-x), {L|R} with comma-separated options and
// slash bars for nesting ({3||2|1}), and expressions with +, binary and unary
// -, and parentheses. See Parse and Game.String.
//
// Positions of a ruleset (see Position and Evaluator) are valued by
// evaluating their options recursively, splitting them into independent
// components where the ruleset can, and adding the components' values.
//
// The table is shared by the whole process and guarded by a mutex: every
// exported function is safe for concurrent use. Instances that would grow
// the table beyond MaxNodes fail with ErrTooLarge instead of exhausting
// memory.
package cgt
