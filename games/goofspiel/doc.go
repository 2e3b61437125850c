// Package goofspiel is Goofspiel (Game of Pure Strategy) as an
// extensive-form game (package extensive), with OpenSpiel's rules in its
// imperfect-information variant: the two players bid at once for each
// prize with a card from their hands (1 to N), the higher bid takes the
// prize's points, equal bids discard it; a player sees the prizes, its own
// bids and who won each prize, never the other's bids. The prizes come in
// random order (chance), or ascending or descending; the last card of each
// hand is played without a choice. The winner on points gets 1, the loser
// −1, a draw 0 (OpenSpiel's win_loss returns).
package goofspiel
