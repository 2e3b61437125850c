// Package poker holds poker games as extensive-form games (package
// extensive), with OpenSpiel's rules so that its published values apply:
// Kuhn poker (Kuhn 1950), whose value to the first player is −1/18, and
// Leduc hold'em (Southey et al., "Bayes' bluff: opponent modelling in
// poker", UAI 2005), whose value OpenSpiel gives as −0.085606424078.
// Rake makes either a general-sum game, in which the house keeps a share
// of each win.
package poker
