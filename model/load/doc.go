// Package load reads a model file in any of gamesolve's input formats and
// tells which one it is: gamesolve's JSON format (package model), JANI
// (package jani), the PRISM language (package prism, read into JANI's
// form), and Gambit's extensive and strategic forms (.efg and .nfg, package
// extensive).
//
// Sniff is the one place that decides a file's format. A name whose
// extension says the format (.jani, .prism, .pm, .nm, .sm, .smg, .efg,
// .nfg) is believed; a .json file is gamesolve's format, or JANI where it
// has JANI's top-level "jani-version" key, or a Gambit game where its text
// is one. Any other name, or none (standard input, a posted body), is
// judged by the text: a JSON object is gamesolve's format or JANI by that
// key, a text that starts with EFG or NFG (or Gambit's XML wrapper around
// one) is a Gambit game, and anything else is read as PRISM, whose errors
// then say where the text goes wrong.
//
// Load reads a Source under a context: the command line, the pictures and
// the server all read models through it, and report.Solve answers whatever
// it returns.
package load
