// Package picture draws gamesolve's results with gonum/plot: the Race's
// optimal gamble and win probability over the state space, Pig's hold
// threshold, each chef's win probability, a model's values. Every picture
// has a title, labelled axes and, for maps, a legend; maps use Kindlmann's
// perceptually uniform colour map (lightness grows steadily with the
// value). Pictures are PNG or SVG, chosen by the file name.
package picture
