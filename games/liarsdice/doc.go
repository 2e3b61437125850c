// Package liarsdice is Liar's Dice as an extensive-form game (package
// extensive), with OpenSpiel's rules (its "reset-face" bidding): each of
// two players rolls its dice unseen; they bid in turn, P1 first, each bid
// "at least q dice show face f" ranked by (q, f) and higher than the last;
// instead of bidding, a player may call "liar" once a bid was made. The
// highest face is wild: it counts as every face. If the dice match the
// last bid at least q times, its bidder wins 1 and the caller loses 1;
// otherwise the other way round. A player knows its own dice (sorted) and
// every bid.
package liarsdice
