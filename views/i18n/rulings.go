package i18n

import (
	"context"
	"fmt"
	"sort"

	"tablemate/scoring"
)

// rulings are the English summaries of the rulings a page may name, by
// id: the shared ones (scoring.SharedRulings) and each engine's own,
// which the registry (web/games) registers at start-up. Their German is
// in the catalog as "ruling.<id>" (a game's in its web/<game>/de.go).
var rulings = func() map[string]string {
	m := map[string]string{}
	for _, r := range scoring.SharedRulings() {
		m[r.ID] = r.Summary
	}
	return m
}()

// RegisterRulings adds an engine's rulings (its scoring.Rulebook). A
// ruling another engine registered must have the same summary (it
// panics otherwise, at start-up and in every test).
func RegisterRulings(rs []scoring.Ruling) {
	for _, r := range rs {
		if old, ok := rulings[r.ID]; ok && old != r.Summary {
			panic(fmt.Sprintf("i18n: ruling %s has two summaries: %q and %q", r.ID, old, r.Summary))
		}
		rulings[r.ID] = r.Summary
	}
}

// Ruling says the ruling id in ctx's language, for showing next to a
// violation ("the rule it breaks, in plain words"): the catalog's
// "ruling.<id>" in German, the engine's summary in English; "" for an id
// no engine registered.
func Ruling(ctx context.Context, id string) string {
	en, ok := rulings[id]
	if !ok {
		return ""
	}
	return Lookup(ctx, "ruling."+id, en)
}

// RulingIDs lists the id of every ruling registered, sorted.
func RulingIDs() []string {
	out := make([]string, 0, len(rulings))
	for id := range rulings {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}
