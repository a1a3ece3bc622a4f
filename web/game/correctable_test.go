package game

import (
	"testing"

	scoresheet "tablemate/scoring/sheet"
	"tablemate/sessions"
	"tablemate/web/games"
)

// An imported play of a game with rules comes as totals only: its game's
// editor has nothing to show, so it is not offered; an imported sheet
// whose file gave no round is not either.
func TestImportedTotalsAreNotCorrectable(t *testing.T) {
	imported := &sessions.GameImported{Source: "bgstats"}
	kksEd, _ := games.Editor("koffer-katze-sombrero")
	sheetEd, _ := games.Editor(scoresheet.Slug)
	if correctable(kksEd, sessions.Game{Imported: imported}) {
		t.Error("an imported KKS play of totals opens in the KKS editor")
	}
	if correctable(sheetEd, sessions.Game{Imported: imported}) {
		t.Error("an imported sheet without rounds opens in the sheet's editor")
	}
	if !correctable(sheetEd, sessions.Game{Imported: imported, State: []byte(`{"name":"Golf","players":[{"name":"Ana","scores":[3]}],"over":true}`)}) {
		t.Error("an imported sheet with its round does not open in the sheet's editor")
	}
	if !correctable(kksEd, sessions.Game{}) {
		t.Error("a game entered at the table is not correctable")
	}
}
