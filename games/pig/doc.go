// Package pig gives the rules of Pig to the engine: Rules for two players,
// Many for two to six.
//
// Players take turns. A turn is a sequence of rolls of a six-sided die: a
// 1 ends the turn and loses the turn total; any other face adds to the turn
// total, after which the player may roll again or hold, banking the turn
// total. A turn must begin with a roll. The first player whose score plus
// turn total reaches the target wins at once (holding then could only
// equal it). Each player maximizes its probability of winning.
//
// A state is (both scores, the turn total, whose turn). Rolling a 1 passes
// the turn back and forth without changing the scores, so all states with
// the same pair of scores form one strongly connected component with
// decisions inside: the engine solves them one score pair at a time, from
// the highest scores down, with value iteration (float) or strategy
// iteration (exact). Neller and Presser ("Optimal Play of the Dice Game
// Pig") give the first player's winning probability for target 100 as about
// 0.5306.
//
// With three or more players (Many, SolveMany) each maximizes its own chance
// of winning. A 1 passes the turn on to the next player, so the states with
// the same scores still form one component, in which every player decides:
// there is no single value, and the engine computes a stationary
// equilibrium of each component and certifies it (engine's doc,
// "Equilibria"): no player gains by changing only its own rolls and holds.
// The tests check every player's chance and every hold threshold against
// plain value iteration over all states, the multi-player form of Neller and
// Presser's method. Below a target of about 40 a turn reaches the target
// often enough that rolling on is always best, with any number of players.
package pig
