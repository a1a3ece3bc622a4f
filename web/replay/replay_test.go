package replay_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablemate/web/areatest"
	"tablemate/web/kks/kkstest"
)

func TestReplayStepsThroughAGame(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Ana", "Ben")
	game1 := ts.EnterKKS(table, []map[string]string{kkstest.Amelia, {"red": "2 3"}}, []string{"3", "7"})
	before := ts.Get(game1)
	benBefore := before.Text(`[data-player="Ben"] [data-testid="player-total"]`)
	ts.EnterKKS(table, []map[string]string{{"red": "4"}, kkstest.Amelia}, []string{"0", "0"})

	// Correct game 1: Ben had more red cards.
	edit := ts.Get(game1 + "/edit")
	f := kkstest.Form(edit.FormOf(t, game1), []map[string]string{kkstest.Amelia, {"red": "2 3 9"}}, []string{"3", "7"})
	if p := ts.Post(game1, f); p.Status != http.StatusSeeOther {
		t.Fatalf("correct game 1: %d\n%s", p.Status, p.Body)
	}
	benAfter := ts.Get(game1).Text(`[data-player="Ben"] [data-testid="player-total"]`)
	if benAfter == benBefore {
		t.Fatalf("the correction did not change Ben's total (%s)", benAfter)
	}

	// The result page links its replay.
	link, ok := ts.Get(game1).Doc.Find(`[data-testid="replay"]`).Attr("href")
	if !ok || link != game1+"/replay" {
		t.Fatalf("replay link %q", link)
	}
	step1 := ts.Get(link)
	if step1.Status != http.StatusOK || step1.Text(`[data-testid="step-counter"]`) != "Step 1 of 2" {
		t.Fatalf("step 1: %d %q\n%s", step1.Status, step1.Text(`[data-testid="step-counter"]`), step1.Body)
	}
	if got := areatest.ReplayTotal(step1, "Ben"); got != benBefore {
		t.Errorf("step 1: Ben %s, want the total as first entered (%s)", got, benBefore)
	}
	if v, _ := step1.Doc.Find(`[data-testid="verdict"]`).Attr("data-valid"); v != "false" || step1.Doc.Find(`[data-code="card_count"]`).Length() == 0 || !strings.Contains(step1.Body, "KKS-3") {
		t.Error("step 1 does not show the broken card-count rule")
	}
	if !strings.Contains(step1.Text(`[data-testid="replay-event"]`), "Game 1 entered: Ana 58") {
		t.Errorf("step 1 does not say what happened")
	}
	if step1.Doc.Find(`[data-testid="replay-prev"]`).Length() != 0 {
		t.Error("step 1 has a Previous link")
	}
	next, _ := step1.Doc.Find(`[data-testid="replay-next"]`).Attr("href")
	step2 := ts.Get(next)
	if step2.Text(`[data-testid="step-counter"]`) != "Step 2 of 2" || areatest.ReplayTotal(step2, "Ben") != benAfter || areatest.ReplayTotal(step2, "Ana") != "58" {
		t.Errorf("step 2: %q, Ben %s (want %s)", step2.Text(`[data-testid="step-counter"]`), areatest.ReplayTotal(step2, "Ben"), benAfter)
	}
	if !strings.Contains(step2.Body, "Game 1 corrected") || step2.Doc.Find(`[data-testid="replay-next"]`).Length() != 0 {
		t.Error("step 2 is not the correction, or offers a Next step")
	}
	if prev, _ := step2.Doc.Find(`[data-testid="replay-prev"]`).Attr("href"); prev != game1+"/replay?step=1" {
		t.Errorf("previous link %q", prev)
	}
	for _, bad := range []string{"?step=0", "?step=3", "?step=x", "?step=-1"} {
		if p := ts.Get(game1 + "/replay" + bad); p.Status != http.StatusNotFound {
			t.Errorf("replay%s: %d, want 404", bad, p.Status)
		}
	}
	if p := ts.Get(table + "/games/3/replay"); p.Status != http.StatusNotFound {
		t.Errorf("replay of a game never entered: %d", p.Status)
	}

	// Undo takes the correction back (a step of game 1), then game 2,
	// whose replay then ends with the game off the table.
	ts.Post(table+"/undo", ts.Get(table).FormOf(t, table+"/undo"))
	step3 := ts.Get(game1 + "/replay?step=3")
	if step3.Text(`[data-testid="step-counter"]`) != "Step 3 of 3" || areatest.ReplayTotal(step3, "Ben") != benBefore || !strings.Contains(step3.Body, "Undid: game 1 corrected") {
		t.Errorf("step 3 after undoing the correction: %q, Ben %s (want %s)", step3.Text(`[data-testid="step-counter"]`), areatest.ReplayTotal(step3, "Ben"), benBefore)
	}
	ts.Post(table+"/undo", ts.Get(table).FormOf(t, table+"/undo"))
	undone := ts.Get(table + "/games/2/replay?step=2")
	if undone.Status != http.StatusOK || undone.Doc.Find(`[data-testid="replay-absent"]`).Length() != 1 || !strings.Contains(undone.Body, "Undid: game 2 entered") {
		t.Errorf("replay of an undone game: %d\n%s", undone.Status, undone.Body)
	}

	// The read-only twin: same steps, links stay on the read-only link.
	view, _ := ts.Get(table).Doc.Find(`[data-testid="view-link"]`).Attr("value")
	u, _ := url.Parse(view)
	roGame := ts.Get(u.Path + "/games/1")
	roLink, _ := roGame.Doc.Find(`[data-testid="replay"]`).Attr("href")
	if roLink != u.Path+"/games/1/replay" {
		t.Fatalf("read-only replay link %q", roLink)
	}
	ro := ts.Get(roLink + "?step=2")
	if ro.Status != http.StatusOK || areatest.ReplayTotal(ro, "Ben") != benAfter {
		t.Errorf("read-only replay step 2: %d Ben %s", ro.Status, areatest.ReplayTotal(ro, "Ben"))
	}
	if id := strings.TrimPrefix(table, "/tables/"); strings.Contains(ro.Body, id) || strings.Contains(roGame.Body, id) {
		t.Error("the read-only replay reveals the edit link")
	}
	if prev, _ := ro.Doc.Find(`[data-testid="replay-prev"]`).Attr("href"); !strings.HasPrefix(prev, u.Path+"/games/1/replay") {
		t.Errorf("read-only previous link %q", prev)
	}
	if p := ts.Get(u.Path + "/games/1/replay?step=9"); p.Status != http.StatusNotFound {
		t.Errorf("read-only out-of-range step: %d", p.Status)
	}
}
