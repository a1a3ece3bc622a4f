package sessions

// A game's marks on the pages (checked, as typed, disputed, in
// progress…) are derived here from its record, beside its places and
// winners (GameRecord.Ranked, Winners), so that no page works out which
// mark a game gets: the table's games list, the evening's columns, the
// game's own page and the last game's announcement all read Badges.

// Badges is how a game's result stands, as every page marks it beside
// the game.
type Badges struct {
	// Checked: over, checked by the rules, no rule broken and no warning.
	Checked bool
	// AsTyped: another game's sheet, over: its scores as typed, no rule
	// checked them.
	AsTyped bool
	// Imported: from a play file. Unreadable: its engine can no longer
	// read its entry.
	Imported, Unreadable bool
	// Disputed: over with rules broken, counted nowhere until settled
	// (G-5). Settled: disputed, counted as entered by the table.
	Disputed, Settled bool
	// Unfinished: played along, or a round game, stopped and kept as it
	// stood.
	Unfinished bool
	// InProgress: a readable game neither over nor stopped.
	InProgress bool
	Corrected  bool
	// Violations and Warnings count what the engine found.
	Violations, Warnings int
}

// Badges are the marks the game's record earns.
func (r GameRecord) Badges() Badges {
	return Badges{
		Checked:    r.Status == StatusChecked && r.Over && r.Warnings == 0,
		AsTyped:    r.Status == StatusTyped && !r.Unfinished && r.Over,
		Imported:   r.Status == StatusImported,
		Unreadable: r.Status == StatusUnreadable,
		Disputed:   r.Disputed() && r.Over,
		Settled:    r.Settled,
		Unfinished: r.Unfinished,
		InProgress: !r.Over && !r.Unfinished && r.Status != StatusUnreadable,
		Corrected:  r.Corrected,
		Violations: r.Violations,
		Warnings:   r.Warnings,
	}
}
