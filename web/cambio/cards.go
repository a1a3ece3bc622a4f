package cambio

import (
	"context"
	"strings"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
	"tablemate/views/i18n"
)

// cardNames are the named cards of the Cambio deck as phrases: the
// English printed on the cards, German in de.go (docs/glossary.md).
var cardNames = map[cambio.Kind]scoring.Phrase{
	cambio.RedKing:   scoring.Phrasef("Red King"),
	cambio.BlueKing:  scoring.Phrasef("Blue King"),
	cambio.PeekMine:  scoring.Phrasef("Peek Mine"),
	cambio.PeekYours: scoring.Phrasef("Peek Yours"),
	cambio.Swap:      scoring.Phrasef("Swap"),
	cambio.Energy:    scoring.Phrasef("Energy"),
	cambio.Sunlight:  scoring.Phrasef("Sunlight"),
}

// germanTokens reads a named card typed by its German name ("roter-könig",
// "Roter König") as its kind.
var germanTokens = func() map[string]cambio.Kind {
	out := map[string]cambio.Kind{}
	for k, title := range cardNames {
		out[cambio.Normalize(german[title.Format()])] = k
	}
	return out
}()

// EngineToken is a card typed in either language as the engine's token:
// "roter-könig" is "red-king"; anything else stays as typed (the engine
// reads it or says why not).
func EngineToken(typed string) string {
	if k, ok := germanTokens[cambio.Normalize(typed)]; ok {
		return cambio.Card{Kind: k}.String()
	}
	return typed
}

// PageToken is card c's token as the reader types it: "red-king" in
// English, "roter-könig" in German; numbers, corner values and sums are
// the same in both.
func PageToken(ctx context.Context, c cambio.Card) string {
	if title, ok := cardNames[c.Kind]; ok && i18n.IsGerman(ctx) {
		return cambio.Normalize(german[title.Format()])
	}
	return c.String()
}

// PageTokens writes a cards field typed in either language in the
// reader's: each token a named card reads as is written as PageToken
// does, anything else stays as typed.
func PageTokens(ctx context.Context, field string, parse func(string) (cambio.Card, bool)) string {
	toks := cardTokens(field)
	for i, t := range toks {
		if c, ok := parse(EngineToken(t)); ok {
			toks[i] = PageToken(ctx, c)
		}
	}
	return strings.Join(toks, " ")
}

// CardTitle is a card as a player reads it, never its code, said in the
// reader's language at rendering: "7", "Roter König" (the German name of
// the card printed "Red King"), a corner value "Wert 7" or a typed sum
// "Karten im Wert von 17".
func CardTitle(c cambio.Card) scoring.Phrase {
	switch c.Kind {
	case cambio.Corner:
		return scoring.Phrasef("value %s", cambio.Points(c.N))
	case cambio.Sum:
		return scoring.Phrasef("cards worth %s", cambio.Points(c.N))
	}
	if title, ok := cardNames[c.Kind]; ok {
		return title
	}
	return scoring.Verbatim(c.Title())
}

// pageCards is a cards field in the reader's language (PageTokens with
// the engine's card reader).
func pageCards(ctx context.Context, field string) string {
	return PageTokens(ctx, field, func(t string) (cambio.Card, bool) {
		c, err := cambio.ParseCard(t)
		return c, err == nil
	})
}
