package sheet

import (
	"strings"
	"testing"

	"tablemate/scoring"
)

// FinalSheet is an imported play as a sheet: its name trimmed and cut to
// MaxNameLen with "…", each score a final one, over, and a sheet Check
// takes.
func TestFinalSheet(t *testing.T) {
	long := strings.Repeat("é", MaxNameLen+5)
	state, err := Engine{}.FinalSheet("  "+long+" ", true, []scoring.FinalScore{{Name: "Ana", Score: 12}, {Name: "Ben", Score: -3}})
	if err != nil {
		t.Fatal(err)
	}
	name, lowest := Engine{}.SheetOf(state)
	if want := strings.Repeat("é", MaxNameLen-1) + "…"; name != want || !lowest {
		t.Errorf("named %q (lowest wins %v), want %q (true)", name, lowest, want)
	}
	res, err := Engine{}.Check(state)
	if err != nil || !res.Valid || !res.GameOver || len(res.Players) != 2 || res.Players[0].Total != 12 || res.Players[1].Total != -3 || res.Winners[0] != "Ben" {
		t.Errorf("check: %v %+v", err, res)
	}
}
