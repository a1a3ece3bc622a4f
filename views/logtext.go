package views

import (
	"context"
	"strings"

	"tablemate/scoring"
	"tablemate/views/i18n"
)

// LogText is a sentence of a table's log (web/tablepage's LogText), kept
// until its page is rendered and said there in the reader's language
// (Say): its phrase, then for a recorded round each player's points in
// that round with the round's bonus lines, "Ana 4 (Cambio called, fewest
// (−5)), Ben 12".
type LogText struct {
	Phrase scoring.Phrase
	// Round is a recorded round's number, for which Points are told.
	Round  int
	Points []LogPoints
}

// LogPoints is one player's points in a recorded round, with the lines
// of that round.
type LogPoints struct {
	Name   string
	Points int
	Lines  []scoring.Line
}

// Say says the sentence in ctx's language: the one place its bonus lines
// are cut from what the round's lines say there.
func (l LogText) Say(ctx context.Context) string {
	s := i18n.Say(ctx, l.Phrase)
	pts := make([]string, len(l.Points))
	for i, p := range l.Points {
		pts[i] = p.Name + " " + Score(p.Points)
		if extra := roundExtras(ctx, p.Lines, l.Round); extra != "" {
			pts[i] += " (" + extra + ")"
		}
	}
	return s + strings.Join(pts, ", ")
}

// roundExtras lists the lines of round r after the first (the cards):
// bonuses such as "Cambio called, fewest (−5)", in ctx's language.
func roundExtras(ctx context.Context, lines []scoring.Line, r int) string {
	prefix := i18n.T(ctx, "round %d", r) + ": "
	var out []string
	first := true
	for _, l := range lines {
		label, ok := strings.CutPrefix(i18n.Say(ctx, l.Text()), prefix)
		if !ok {
			continue
		}
		if first {
			first = false
			continue
		}
		if !strings.ContainsAny(label, "0123456789") {
			label = Score(l.Points) + " " + label
		}
		out = append(out, label)
	}
	return strings.Join(out, ", ")
}
