package plays

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

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

// SlugByName returns the slug of the one of the games a name stands for
// (its title, slug or another title, compared with Fold).
func (gs *Games) SlugByName(name string) (string, bool) {
	slug, ok := gs.byName[Fold(name)]
	return slug, ok && name != ""
}

// SlugByBGGID returns the slug of the one of the games whose confirmed
// BoardGameGeek id is id.
func (gs *Games) SlugByBGGID(id int) (string, bool) {
	if id <= 0 {
		return "", false
	}
	for _, info := range gs.infos {
		if info.BGGID == id {
			return info.Slug, true
		}
	}
	return "", false
}
