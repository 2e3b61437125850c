// Package rulesets holds the built-in rulesets of the CGT engine: cookies
// (Project Euler 859), nim, Blue-Red Hackenbush stalks, domineering, cut-cake
// and Toads and Frogs. Lookup finds one by name.
package rulesets
