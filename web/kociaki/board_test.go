package kociaki_test

import (
	"testing"

	"tablemate/web/server"
	"tablemate/web/webtest"
)

// The piles speak the reader's language, on the page and in the words the
// script is given for the taps (issue #18, plain words in German too).
func TestKocPilesInGerman(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	table := ts.CreateGameTable("kociaki-lobuziaki", "Ana", "Ben")
	de := ts.GetLang(table+"/games/new", "de")
	if got := de.Text(`[data-next="1"]`); got != "Stapel: als Nächstes 2 oder 3" {
		t.Errorf("pile 1 in German: %q", got)
	}
	form := de.Doc.Find(`form[data-koc]`)
	if form.AttrOr("data-next", "") != "Stapel: als Nächstes %s" || form.AttrOr("data-or", "") != " oder " {
		t.Errorf("the script's words: %q %q", form.AttrOr("data-next", ""), form.AttrOr("data-or", ""))
	}
	if got := de.Text(`[data-testid="koc-tabs"] [data-tab-name="1"]`); got != "Ben" {
		t.Errorf("tab %q", got)
	}
}
