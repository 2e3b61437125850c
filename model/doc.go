// Package model reads gamesolve's JSON model format into rules for the
// engine, so a game can be solved without writing Go.
//
// A model lists every state by id; each state is exactly one of a terminal
// ("payoff": one number per player), a chance move ("chance": outcomes), or
// a decision ("player" and "actions", each action a name and outcomes). An
// outcome has a probability "p" (a decimal or "p/q" string, or a JSON
// number), a target id "to" and an optional "reward" (default 0). The
// probabilities of each action and of each chance move must sum to exactly 1.
//
//	{"players": 1, "start": "roll",
//	 "states": [
//	   {"id": "roll", "chance": [{"p": "1/6", "to": "six", "reward": 1},
//	                             {"p": "5/6", "to": "roll", "reward": 1}]},
//	   {"id": "six", "payoff": [1]}]}
//
// Read rejects, with an error giving the line and column, naming the
// state where there is one, and wrapping
// solver.ErrInvalid: an unknown target id, a duplicate id, a probability that
// is not in (0, 1] or probabilities that do not sum to 1, a state with none
// or more than one of payoff/chance/actions, a payoff of the wrong length, a
// player out of range, an empty action list, a duplicate action name, and
// unknown keys. A model whose text alone would not fit the memory budget is
// refused before it is parsed (budget.ErrTooLarge).
package model
