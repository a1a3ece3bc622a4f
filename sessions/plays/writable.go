package plays

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Writable returns plays as the writers take them, whatever a table's
// log holds: a name stored before today's rules (U+FFFE, a control
// character, bytes that are not UTF-8, 1 MB long) must not make a
// table's or a league's export fail for good (issue #31). Each text that
// breaks a bound of Validate is written safely instead: every character
// the writers refuse becomes U+FFFD (the replacement character), spaces
// at either end are trimmed, a text too long is cut at the bound, an
// empty player name becomes "?", two names a play would then hold twice
// are told apart ("Ana�", "Ana� (2)"), and numbers are held to their
// bounds. Plays that pass Validate come back unchanged (not copied), so
// an export of good data is byte for byte what it was.
func Writable(ps []Play) []Play {
	var out []Play
	for i, p := range ps {
		w, changed := writablePlay(p)
		if changed && out == nil {
			out = make([]Play, len(ps))
			copy(out, ps[:i])
		}
		if out != nil {
			out[i] = w
		}
	}
	if out == nil {
		return ps
	}
	return out
}

// writablePlay is p made writable, and whether anything changed.
func writablePlay(p Play) (Play, bool) {
	changed := false
	text := func(s *string, max int, lines bool) {
		if t := writableText(*s, max, lines); t != *s {
			*s, changed = t, true
		}
	}
	number := func(n *int, hi int) {
		if c := min(max(*n, 0), hi); c != *n {
			*n, changed = c, true
		}
	}
	text(&p.ID, MaxID, false)
	text(&p.Game.Name, MaxText, false)
	text(&p.Game.BGGName, MaxText, false)
	if p.Game.Slug == "" && p.Game.Name == "" {
		p.Game.Name, changed = "?", true
	}
	text(&p.Location, MaxText, false)
	text(&p.Variant, MaxText, false)
	text(&p.Comments, MaxComments, true)
	number(&p.Game.BGGID, 1<<30)
	number(&p.BGGPlayID, 1<<40)
	number(&p.Minutes, MaxMinutes)
	number(&p.Rounds, MaxRounds)
	number(&p.Quantity, MaxQuantity)
	players := p.Players
	cloned := false
	seen := make(map[string]bool, len(players))
	for j := range players {
		pl := players[j]
		plChanged := false
		ptext := func(s *string, max int) {
			if t := writableText(*s, max, false); t != *s {
				*s, plChanged = t, true
			}
		}
		pnumber := func(n *int, lo, hi int) {
			if c := min(max(*n, lo), hi); c != *n {
				*n, plChanged = c, true
			}
		}
		ptext(&pl.Name, MaxText)
		if pl.Name == "" {
			pl.Name, plChanged = "?", true
		}
		if seen[pl.Name] {
			pl.Name, plChanged = distinctName(pl.Name, seen), true
		}
		seen[pl.Name] = true
		ptext(&pl.Username, MaxID)
		ptext(&pl.Color, MaxText)
		ptext(&pl.Team, MaxText)
		if pl.Score != nil {
			if c := min(max(*pl.Score, -MaxScore), MaxScore); c != *pl.Score {
				pl.Score, plChanged = Int(c), true
			}
			if pl.ScoreText != "" {
				pl.ScoreText, plChanged = "", true
			}
		} else if pl.ScoreText != "" {
			// A text score is kept only as the readers would read it back:
			// a number goes in Score, anything else stays text.
			t := writableText(pl.ScoreText, maxScoreLen, false)
			switch n, rest := parseScore(t); {
			case n != nil:
				pl.Score, pl.ScoreText, plChanged = n, "", true
			case rest != pl.ScoreText:
				pl.ScoreText, plChanged = rest, true
			}
		}
		pnumber(&pl.UserID, 0, 1<<40)
		pnumber(&pl.Rank, 0, maxOrder)
		pnumber(&pl.Seat, 0, maxOrder)
		if !(pl.Rating >= 0 && pl.Rating <= 10) {
			pl.Rating, plChanged = 0, true
		}
		if plChanged {
			if !cloned {
				players = append([]Player(nil), players...)
				cloned = true
			}
			players[j] = pl
			changed = true
		}
	}
	p.Players = players
	return p, changed
}

// writableText is s as checkText accepts it: valid UTF-8, every character
// it refuses replaced by U+FFFD, trimmed, at most max characters.
func writableText(s string, max int, lines bool) string {
	if checkText("", s, max, lines) == nil {
		return s
	}
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, string(utf8.RuneError)) {
		if lines && (r == '\n' || r == '\t' || r == '\r') {
			b.WriteRune(r)
			continue
		}
		if unicode.IsControl(r) || r == '\uFFFE' || r == '\uFFFF' {
			r = utf8.RuneError
		}
		b.WriteRune(r)
	}
	t := strings.TrimSpace(b.String())
	if utf8.RuneCountInString(t) > max {
		n := 0
		for i := range t {
			if n == max {
				t = strings.TrimSpace(t[:i])
				break
			}
			n++
		}
	}
	return t
}

// distinctName is name with a number that no name in seen has.
func distinctName(name string, seen map[string]bool) string {
	for n := 2; ; n++ {
		suffix := fmt.Sprintf(" (%d)", n)
		base := name
		if utf8.RuneCountInString(base)+len(suffix) > MaxText {
			base = string([]rune(base)[:MaxText-len(suffix)])
		}
		if c := base + suffix; !seen[c] {
			return c
		}
	}
}
