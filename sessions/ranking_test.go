package sessions

import "testing"

// TestBadges holds each mark a game's pages show to the record it
// stands for.
func TestBadges(t *testing.T) {
	tests := []struct {
		name string
		r    GameRecord
		want Badges
	}{
		{"checked, over", GameRecord{Status: StatusChecked, Over: true}, Badges{Checked: true}},
		{"checked with a warning", GameRecord{Status: StatusChecked, Over: true, Warnings: 1}, Badges{Warnings: 1}},
		{"checked, rounds going on", GameRecord{Status: StatusChecked, Rounds: 2}, Badges{InProgress: true}},
		{"a sheet, over", GameRecord{Status: StatusTyped, Over: true}, Badges{AsTyped: true}},
		{"a sheet stopped", GameRecord{Status: StatusTyped, Unfinished: true}, Badges{Unfinished: true}},
		{"a game played along, stopped", GameRecord{Status: StatusChecked, Unfinished: true}, Badges{Unfinished: true}},
		{"imported", GameRecord{Status: StatusImported, Over: true}, Badges{Imported: true}},
		{"unreadable", GameRecord{Status: StatusUnreadable}, Badges{Unreadable: true}},
		{"disputed", GameRecord{Status: StatusDisputed, Over: true, Violations: 2}, Badges{Disputed: true, Violations: 2}},
		{"disputed, settled", GameRecord{Status: StatusDisputed, Over: true, Settled: true, Violations: 1}, Badges{Settled: true, Violations: 1}},
		{"corrected", GameRecord{Status: StatusChecked, Over: true, Corrected: true}, Badges{Checked: true, Corrected: true}},
	}
	for _, tt := range tests {
		if got := tt.r.Badges(); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}
