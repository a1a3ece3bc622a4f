package interop

import "testing"

// TestImportGateCaps: at most perClient imports of one client and total
// of all are read at once; a finished one frees its place.
func TestImportGateCaps(t *testing.T) {
	g := newImportGate(2, 3)
	for i, want := range []bool{true, true, false} {
		if got := g.enter("a"); got != want {
			t.Fatalf("a client's import %d at once: admitted %v", i+1, got)
		}
	}
	if !g.enter("b") || g.enter("c") {
		t.Fatal("the cap in all does not hold")
	}
	g.leave("a")
	if !g.enter("c") {
		t.Error("a finished import did not free its place")
	}
}
