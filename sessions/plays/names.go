package plays

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// BGGIDs holds each of the seven games' BoardGameGeek id where it could be
// confirmed from a public source, keyed by slug. 0 means not confirmed: a
// wrong id would file every exported play under someone else's game on
// BoardGameGeek, so an unknown id stays 0 (the writers then write
// objectid="0" / bggId 0 with the game's name, and the readers match these
// games by name). Fill an id in only with the source beside it; the
// registry (scoring/games) should carry these once it settles.
//
// What was searched (docs/interop.md lists it): BoardGameGeek pages and
// public BGG datasets and play files in the project's reference search,
// by title, alternate title, designer and publisher. None showed an id for
// any of the seven:
//   - koffer-katze-sombrero: Christian Kudahl / Felix Wermke, AMIGO (rule
//     text); no BGG page or dataset row found.
//   - auf-der-hut: Konnov, Paltsev, Shklyarov; published as "Magic Hat" /
//     "Шапка-невидимка" by Trehgrannik (trehgrannik.com/en/cap_of_invisibility);
//     no BGG id found.
//   - kociaki-lobuziaki: Jeffrey D. Allers, Nasza Księgarnia 2018 (rule
//     text); no BGG id found.
//   - cambio, kodiak, alaska, rune-market: four modes of one 76-card
//     Cambio deck ("Game Mode Instructions", March 2023). "Cambio" is also
//     a folk game played with standard cards, so a BGG entry named Cambio
//     need not be this deck; no id found for the deck or its modes.
var BGGIDs = map[string]int{
	"koffer-katze-sombrero": 0,
	"auf-der-hut":           0,
	"kociaki-lobuziaki":     0,
	"cambio":                0,
	"kodiak":                0,
	"alaska":                0,
	"rune-market":           0,
}

// aliases are the names, besides each engine's title and slug, under which
// the play loggers may file the seven games. Sources: the rule texts'
// titles (../shared/rules: "Cambio – The Original", "Kodiak The Card Game",
// "Alaska The Card Game", "The Rune Market"), RULINGS.md ("Auf der Hut
// (Magic Hat)") and the publisher's page for Auf der Hut
// (trehgrannik.com/en/cap_of_invisibility: "Magic Hat", "Шапка-невидимка",
// "Cap of Invisibility").
var aliases = map[string][]string{
	"koffer-katze-sombrero": {"Koffer, Katze und Sombrero", "Koffer Katze Sombrero"},
	"auf-der-hut":           {"Magic Hat", "Cap of Invisibility", "Шапка-невидимка", "Auf der Hut (Magic Hat)"},
	"kociaki-lobuziaki":     {"Kociaki Lobuziaki"},
	"cambio":                {"Cambio – The Original", "Cambio The Original", "Cambio Card Game"},
	"kodiak":                {"Kodiak The Card Game", "Kodiak Card Game"},
	"alaska":                {"Alaska The Card Game", "Alaska Card Game"},
	"rune-market":           {"Rune Market", "The Rune Market"},
}

// foldWords are dropped when names are compared: "Alaska: The Card Game"
// and "Alaska" are the same entry for a play logger.
var foldWords = map[string]bool{"the": true, "and": true, "und": true, "card": true, "game": true}

// letters that Unicode does not decompose into a base letter and a mark.
var foldLetters = map[rune]string{
	'ł': "l", 'đ': "d", 'ð': "d", 'ø': "o", 'ß': "ss", 'æ': "ae", 'œ': "oe", 'þ': "th", 'ı': "i", 'ħ': "h", 'ŀ': "l",
}

// Fold is a name as the matcher compares it: lower case, accents and
// Polish letters folded to their base letter ("Łobuziaki" = "lobuziaki",
// "Zoë" = "zoe"), punctuation gone, and the filler words "the", "and",
// "und", "card", "game" dropped.
func Fold(name string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(name)) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case foldLetters[r] != "":
			b.WriteString(foldLetters[r])
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		default:
			b.WriteByte(' ')
		}
	}
	words := strings.Fields(b.String())
	kept := words[:0]
	for _, w := range words {
		if !foldWords[w] {
			kept = append(kept, w)
		}
	}
	return strings.Join(kept, " ")
}

// byName maps every folded title, slug and alias of the seven to its slug.
var byName = func() map[string]string {
	m := map[string]string{}
	for slug := range BGGIDs {
		g, _ := KnownGame(slug)
		for _, n := range append([]string{slug, g.Name}, aliases[slug]...) {
			m[Fold(n)] = slug
		}
	}
	return m
}()

// SlugByName returns the slug of the one of the seven games a name stands
// for (its title, slug or an alternate name, compared with Fold).
func SlugByName(name string) (string, bool) {
	slug, ok := byName[Fold(name)]
	return slug, ok && name != ""
}

// SlugByBGGID returns the slug of the one of the seven whose confirmed
// BoardGameGeek id is id.
func SlugByBGGID(id int) (string, bool) {
	if id <= 0 {
		return "", false
	}
	for slug, known := range BGGIDs {
		if known == id {
			return slug, true
		}
	}
	return "", false
}
