package views

import "tablemate/scoring"

// times says how often a head to head went one way: "1 time", "3 times",
// and for none the word a reader uses ("0 times", German "keinmal", not
// "0-mal").
func times(n int) scoring.Phrase {
	return scoring.Count(n, "1 time", "%d times").None("0 times")
}
