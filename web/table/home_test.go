package table_test

import (
	"net/http/cookiejar"
	"strings"
	"testing"

	"tablemate/web/serve"
)

// The home page lists only the tables this phone opened: a stranger on
// the same server sees none of them.
func TestHomeListsOnlyThisPhonesTables(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Ana", "Ben")
	ts.Get(table) // opening a table remembers it on this phone
	if n := ts.Get("/").Doc.Find(`[data-testid="recent-tables"] li`).Length(); n != 1 {
		t.Fatalf("this phone's home lists %d tables, want 1", n)
	}
	jar, _ := cookiejar.New(nil)
	ts.Client.Jar = jar // another phone
	home := ts.Get("/")
	if home.Doc.Find(`[data-testid="no-tables"]`).Length() != 1 || strings.Contains(home.Body, strings.TrimPrefix(table, "/tables/")) {
		t.Error("another phone's home page reveals the table")
	}
}

func TestRecentCookieIgnoresJunk(t *testing.T) {
	for _, id := range []string{"", "ABC", "a/b", strings.Repeat("a", 41), "abc-d"} {
		if serve.ValidID(id) {
			t.Errorf("validID(%q) = true", id)
		}
	}
	if !serve.ValidID("pdgv5zwllcdzrdzqwt3kgzf6y4") {
		t.Error("a real id is refused")
	}
}
