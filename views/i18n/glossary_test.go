package i18n_test

import (
	"sort"
	"strings"
	"testing"

	"tablemate/docs"
	"tablemate/views/i18n"
)

// glossaryNever reads the words the glossary (docs/glossary.md) rules
// out, each with the term it stands for.
func glossaryNever(t *testing.T) []docs.Never {
	t.Helper()
	out, err := docs.GlossaryNever()
	if err != nil {
		t.Fatalf("glossary: %v", err)
	}
	return out
}

// TestGermanFollowsTheGlossary: no German text of any catalog (the core
// parts and every game's de.go, as the registry registers them) uses a
// word the glossary rules out ("Spieler", "Block", "Nur-Ansehen-Link",
// "Der Runenmarkt", "Spiel 3" …).
func TestGermanFollowsTheGlossary(t *testing.T) {
	rules := glossaryNever(t)
	if len(rules) < 20 {
		t.Fatalf("found only %d forbidden words in docs/glossary.md: is its table read?", len(rules))
	}
	var bad []string
	for _, k := range i18n.Keys() {
		de := german(k)
		for _, r := range rules {
			if w := r.Re.FindString(de); w != "" {
				bad = append(bad, strings.Join([]string{k, "→", de, "\n\tsays", "«" + w + "»", "where the glossary has", r.Term}, " "))
			}
		}
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
}

// TestGlossaryCatchesItsWords: each forbidden word of the glossary is
// found in a sentence that uses it, and the right words pass.
func TestGlossaryCatchesItsWords(t *testing.T) {
	rules := glossaryNever(t)
	caught := func(s string) bool {
		for _, r := range rules {
			if r.Re.MatchString(s) {
				return true
			}
		}
		return false
	}
	for _, s := range []string{"3 Spieler", "Dieser Block kennt keine Regeln", "Neuer Nur-Ansehen-Link", "Der Runenmarkt ist für 2–4 Personen",
		"Spiel 3 eingetragen", "%d Spiele", "Gibt: Ana", "Gleichstandsbrecher", "Sieger: Ana", "mit jeder gebrochenen Regel", "die App kennt jeden Chip"} {
		if !caught(s) {
			t.Errorf("the glossary lets %q through", s)
		}
	}
	for _, s := range []string{"2–4 Personen", "Dieser Punkteblock kennt keine Regeln", "Partie 3 eingetragen", "Das Spiel endet", "Geber: Ana",
		"Neuer Zuschauer-Link", "The Rune Market", "Schere-Stein-Papier", "am Spielende", "Sicherheitstoken"} {
		if caught(s) {
			t.Errorf("the glossary refuses %q", s)
		}
	}
}
