package sessions

import (
	"context"
	"errors"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"tablemate/scoring"
)

// NameMatch is how one player's name at a table matches a league's
// members when the table is added to the league.
type NameMatch struct {
	Name string // as written at the table
	// Member is the member the name already counts as (written the same,
	// ignoring case, or an entry merged into a member); "" when the name
	// is new to the league and someone must say who it is.
	Member string
	// Like are the members the name could be (the same first name, one
	// letter apart, the same letters without accents), best first. Empty
	// for a known name; one for a likely match; more when ambiguous.
	Like []string
	// LooksLike is the member whose name this one looks like, letters of
	// another script or invisible differences aside ("Аna" with a Cyrillic
	// А looks like "Ana"): first in Like; "" when none.
	LooksLike string
}

// Known reports whether the name needs no question.
func (m NameMatch) Known() bool { return m.Member != "" }

// MatchNames says, for each of a table's players in seat order, which
// member the name counts as, or which members it might be.
func (l League) MatchNames(players []string) []NameMatch {
	out := make([]NameMatch, 0, len(players))
	for _, p := range players {
		m := NameMatch{Name: p}
		if slices.ContainsFunc(l.Members, func(x Member) bool { return strings.EqualFold(x.Name, p) }) {
			m.Member = l.Canonical(p)
		} else {
			m.Like = l.like(p)
			if len(m.Like) > 0 && scoring.LooksLike(p, m.Like[0]) {
				m.LooksLike = m.Like[0]
			}
		}
		out = append(out, m)
	}
	return out
}

// like lists the active members a new name could be.
func (l League) like(name string) []string {
	n := fold(name)
	first, _, _ := strings.Cut(n, " ")
	var close, far []string
	for _, m := range l.Members {
		if m.MergedInto != "" {
			continue
		}
		f := fold(m.Name)
		mFirst, _, _ := strings.Cut(f, " ")
		switch {
		case scoring.LooksLike(name, m.Name): // looks the same: the likeliest of all
			close = append([]string{m.Name}, close...)
		case f == n: // the same letters once accents are set aside
			close = append(close, m.Name)
		case first == mFirst, len([]rune(n)) >= 3 && len([]rune(f)) >= 3 && oneEditApart(n, f):
			far = append(far, m.Name)
		}
	}
	return append(close, far...)
}

// fold writes a name for comparing: lower case, accents and marks taken
// off, spaces squeezed.
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(strings.TrimSpace(s))) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if unicode.IsSpace(r) {
			r = ' '
		}
		b.WriteRune(r)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// oneEditApart reports whether a and b differ by one letter added, taken
// away or changed.
func oneEditApart(a, b string) bool {
	x, y := []rune(a), []rune(b)
	if len(x) > len(y) {
		x, y = y, x
	}
	if len(y)-len(x) > 1 {
		return false
	}
	i := 0
	for i < len(x) && x[i] == y[i] {
		i++
	}
	if len(x) == len(y) {
		return i == len(x) || string(x[i+1:]) == string(y[i+1:])
	}
	return string(x[i:]) == string(y[i+1:])
}

// AddTableAs counts the table whose edit link is edit in the league, as
// AddTable does, with the names new to the league decided: as maps such
// a name to the member it is (the name is then kept as an entry merged
// into that member, so its games count for them, as a merge does) or to
// "" for a new member. Every new name of the table must be in as, and
// both steps are one transaction: the table never counts with a name
// nobody decided.
func (ts *Tables) AddTableAs(ctx context.Context, l League, edit string, as map[string]string) error {
	t, err := ts.tableToAdd(ctx, edit)
	if err != nil {
		return err
	}
	next := l
	next.Members = slices.Clone(l.Members)
	var added []Member
	for _, m := range l.MatchNames(t.Players) {
		if m.Known() {
			continue
		}
		into, ok := as[m.Name]
		if !ok {
			return scoring.Errorf("table", "say who %s is: a new member or one already in the league", m.Name)
		}
		nm, err := decideMember(next, m.Name, "")
		if into != "" && errors.As(err, new(*scoring.InputError)) && scoring.CheckNames("members", append(memberNames(next), m.Name)) == nil {
			// Said to be that member: a name that looks like theirs is
			// why it is one of them, not a reason to refuse it.
			nm, err = Member{Name: scoring.CleanName(m.Name)}, nil
		}
		if err != nil {
			return scoring.Refield(err, "table")
		}
		if into != "" {
			if !slices.ContainsFunc(next.Members, func(x Member) bool { return x.Name == into && x.MergedInto == "" }) {
				return scoring.Errorf("table", "%s is not a member of %s", into, l.Name)
			}
			nm.MergedInto = into
		}
		next.Members = append(next.Members, nm)
		added = append(added, nm)
	}
	if err := decideLeagueTable(next, t); err != nil {
		return err
	}
	err = ts.asAdminTx(ctx, l, "add table", func(tx *txn) error {
		for _, m := range added {
			if _, err := tx.ExecContext(ctx, `INSERT INTO league_members (league_id, name, emoji, merged_into) VALUES (?, ?, ?, ?)`,
				l.ID, m.Name, m.Emoji, nullable(m.MergedInto)); err != nil {
				if ts.store.d.uniqueViolation(err) {
					return scoring.Errorf("table", "%q is already a member", m.Name) // added meanwhile by another phone
				}
				return err
			}
		}
		return insertLeagueTable(ctx, tx, l.ID, t.Key, ts.store.stamp())
	})
	return err
}

// Active are the names l's tables may use: its members not merged into
// another, in the order they joined.
func (l League) Active() []string {
	var names []string
	for _, m := range l.Members {
		if m.MergedInto == "" {
			names = append(names, m.Name)
		}
	}
	return names
}

// IsMember reports whether name is one of l's members, not merged into
// another (written as the member is).
func (l League) IsMember(name string) bool {
	return slices.ContainsFunc(l.Members, func(m Member) bool { return m.Name == name && m.MergedInto == "" })
}
