package scoring

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/unicode/norm"
)

// One validation for every name (issue #31): players, tables, leagues
// and their members, a sheet's game in every round, imports. A name is
// kept trimmed and in Unicode's composed form (CleanName); it may hold no
// character that cannot be seen or written as text (Unwritable), and at
// one table or in one league no two names may look alike (SeatNames).

// CleanName is a name as it is kept: spaces around it trimmed, in
// Unicode's composed form (NFC), so "Zoë" typed on two phones that
// compose it differently is one name.
func CleanName(s string) string {
	return norm.NFC.String(strings.TrimSpace(s))
}

// Unwritable returns the first character of s that no name or line of
// text may hold, and true; false when there is none. Refused are control
// characters (NUL, newlines, escapes), format characters (invisible ones:
// zero-width spaces and joiners, the soft hyphen, the marks that turn the
// direction of text, a byte-order mark), characters for private use,
// surrogates, the noncharacters (U+FFFE, U+FFFF and the others no text
// may carry, which XML refuses), the line and paragraph separators, and
// bytes that are not UTF-8 with the character that stands for them,
// U+FFFD.
func Unwritable(s string) (rune, bool) {
	for _, r := range s {
		if unwritable(r) {
			return r, true
		}
	}
	return 0, false
}

func unwritable(r rune) bool {
	switch {
	case r < 0x20 || r == 0x7f: // the ASCII controls, fast
		return true
	case r < 0x80:
		return false
	}
	return unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Co, unicode.Cs, unicode.Zl, unicode.Zp) ||
		noncharacter(r) || r == utf8.RuneError
}

// noncharacter: U+FDD0–U+FDEF and the last two code points of every
// plane (U+FFFE, U+FFFF, U+1FFFE …).
func noncharacter(r rune) bool {
	return r >= 0xfdd0 && r <= 0xfdef || r&0xfffe == 0xfffe
}

// CodePoint names a character as Unicode does: "U+FFFE".
func CodePoint(r rune) string { return fmt.Sprintf("U+%04X", r) }

// SeatNames is CheckNames for the names seated together (a table's
// players, a league's members): also no two names that look alike, so
// "Ana" and "Аna" (with a Cyrillic А) or "Carl" and "CarI" never sit side
// by side in a standings table, each thought to be the other.
func SeatNames(field string, names []string) error {
	if err := CheckNames(field, names); err != nil {
		return err
	}
	seen := make(map[string]int, len(names))
	for i, n := range names {
		k := LookAlikeKey(n)
		if j, ok := seen[k]; ok {
			return Errorf(nameField(field, i), "%q looks like %s, already a name here: names must tell people apart at a glance",
				Name(strings.TrimSpace(n)), Name(strings.TrimSpace(names[j])))
		}
		seen[k] = i
	}
	return nil
}

// LooksLike reports whether two names look alike (LookAlikeKey) though
// they are not the same name written in another case.
func LooksLike(a, b string) bool {
	return !strings.EqualFold(CleanName(a), CleanName(b)) && LookAlikeKey(a) == LookAlikeKey(b)
}

// LookAlikeKey is what a name looks like: its confusables skeleton
// (Unicode's UTS #39: letters of other scripts that look the same, "rn"
// for "m", "l" for "I"), taken again in lower case (so "ANA" and "Аna"
// meet), spaces squeezed. Names with one key look alike. The key is for
// comparing only, never shown.
func LookAlikeKey(s string) string {
	s = strings.Join(strings.Fields(CleanName(s)), " ")
	return confusables.Skeleton(strings.ToLower(confusables.Skeleton(s)))
}
