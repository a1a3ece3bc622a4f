package tablepage

import (
	"tablemate/sessions"
	"tablemate/views"
)

// Status is a game's marks as the views draw them: its record's Badges
// (sessions works out which; a page only shows them).
func Status(r sessions.GameRecord) views.GameStatus {
	b := r.Badges()
	return views.GameStatus{
		Checked: b.Checked, AsTyped: b.AsTyped, Imported: b.Imported, Unreadable: b.Unreadable,
		Disputed: b.Disputed, Settled: b.Settled, Unfinished: b.Unfinished, InProgress: b.InProgress,
		Corrected: b.Corrected, Violations: b.Violations, Warnings: b.Warnings,
	}
}

// Ranking is a game's players by place, best first, as its record
// places them (sessions.GameRecord.Ranked): the winners first and
// marked, ties sharing a place.
func Ranking(r sessions.GameRecord) []views.RankRow {
	rows := make([]views.RankRow, 0, len(r.Seats))
	for _, s := range r.Ranked() {
		rows = append(rows, views.RankRow{Place: s.Place, Name: s.Name, Total: s.Score, Winner: s.Won, Tied: s.Tied > 1})
	}
	return rows
}

// Length is a game's or an evening's length as the pages say it.
func Length(l sessions.Length) views.LengthVM {
	return views.LengthVM{Minutes: l.Minutes, Paused: l.Paused, Clock: l.Clock}
}
