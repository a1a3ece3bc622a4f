package views

import (
	"strconv"
	"strings"

	"tablemate/scoring"
)

func itoa(n int) string { return strconv.Itoa(n) }

// Score writes a score as every page does: a real minus sign ("−5"), no
// plus.
func Score(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

// signed writes a score with its sign: "+3", "−2", "0".
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return "−" + strconv.Itoa(-n)
	}
	return "0"
}

func flashKind(k string) string {
	switch k {
	case "bad", "warn":
		return k
	}
	return "good"
}

// errorID turns a field path into an element id for aria-describedby.
func errorID(field string) string {
	r := strings.NewReplacer("[", "-", "]", "", ".", "-")
	return "err-" + r.Replace(field)
}

// DescribedBy links an input to its error message when it has one.
func DescribedBy(errs Errors, field string) string {
	if errs.Has(field) {
		return errorID(field)
	}
	return ""
}

// BoolStr is a boolean attribute's value ("true", "false").
func BoolStr(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func playerField(i int) string { return "players[" + strconv.Itoa(i) + "].name" }

func listID(warnings bool) string {
	if warnings {
		return "warnings"
	}
	return "violations"
}

// PField is the form name of a player's field, matching the JSON path the
// engine reports errors on: PField(1, "tokens") = "players[1].tokens".
func PField(i int, name string) string { return "players[" + strconv.Itoa(i) + "]." + name }

// FieldID is the element id of player i's field name: "p1-tokens".
func FieldID(i int, name string) string { return "p" + strconv.Itoa(i) + "-" + name }

// leagueScheme is a scoring scheme offered: its form value and label.
type leagueScheme struct {
	Value string
	Label scoring.Phrase
}

// leagueSchemes are the scoring schemes offered.
func leagueSchemes() []leagueScheme {
	return []leagueScheme{
		{"placing", scoring.Phrasef("Points by place (e.g. 3/2/1/0)")},
		{"total", scoring.Phrasef("Total score over all games")},
		{"wins", scoring.Phrasef("Number of games won")},
		{"elo", scoring.Phrasef("Elo-style rating (start 1500)")},
	}
}

// pointsHeading heads the standings' points column of a scheme.
func pointsHeading(scheme string) scoring.Phrase {
	switch scheme {
	case "total":
		return scoring.Phrasef("Score")
	case "wins":
		return scoring.Phrasef("Wins")
	case "elo":
		return scoring.Phrasef("Rating")
	}
	return scoring.Phrasef("Points")
}

// listOf names a datalist only when there is one.
func listOf(has bool, id string) string {
	if has {
		return id
	}
	return ""
}
