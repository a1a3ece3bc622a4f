package i18n

import (
	"context"
	"testing"

	"tablemate/scoring"
)

func TestMatchAcceptLanguage(t *testing.T) {
	for _, c := range []struct{ header, want string }{
		{"", "en"},
		{"de", "de"},
		{"de-AT,de;q=0.9,en;q=0.5", "de"},
		{"en-GB,en;q=0.9,de;q=0.8", "en"},
		{"fr-FR,fr;q=0.9", "en"},
		{"fr;q=0.9,de;q=0.5", "de"},
		{"pl", "en"},
		{";;garbage", "en"},
	} {
		if got := Code(Match(c.header)); got != c.want {
			t.Errorf("Match(%q) = %s, want %s", c.header, got, c.want)
		}
	}
}

func TestTranslate(t *testing.T) {
	en := With(context.Background(), English, "/")
	de := With(context.Background(), German, "/")
	if got := T(en, "New table"); got != "New table" {
		t.Errorf("English: %q", got)
	}
	if got := T(de, "New table"); got != "Neuer Tisch" {
		t.Errorf("German: %q", got)
	}
	if got := T(context.Background(), "New table"); got != "New table" {
		t.Errorf("no language set: %q", got)
	}
	if got := Lookup(de, "violation.no_such_code_at_all", "English"); got != "English" {
		t.Errorf("Lookup fallback: %q", got)
	}
}

// TestSense: an English word with two German ones has a key per sense;
// English shows the word alone, German the sense's word, and the word
// without a sense keeps its own German.
func TestSense(t *testing.T) {
	en := With(context.Background(), English, "/")
	de := With(context.Background(), German, "/")
	for _, c := range []struct{ key, en, de string }{
		{"played" + Sense + "Game", "Game", "Partie"},
		{"played" + Sense + "Games", "Games", "Partien"},
		{"Game", "Game", "Spiel"},
		{"Games", "Games", "Spiele"},
	} {
		if got := T(en, c.key); got != c.en {
			t.Errorf("T(en, %q) = %q, want %q", c.key, got, c.en)
		}
		if got := InEnglish(c.key); got != c.en {
			t.Errorf("InEnglish(%q) = %q, want %q", c.key, got, c.en)
		}
		if got := T(de, c.key); got != c.de {
			t.Errorf("T(de, %q) = %q, want %q", c.key, got, c.de)
		}
	}
	if got := Say(en, scoring.Count(2, "played"+Sense+"Game", "played"+Sense+"%d games")); got != "2 games" {
		t.Errorf("a count with a sense: %q", got)
	}
}

func TestSafeBack(t *testing.T) {
	for back, want := range map[string]string{
		"/tables/abc":           "/tables/abc",
		"/history?game=kodiak":  "/history?game=kodiak",
		"":                      "/",
		"https://evil.example":  "/",
		"//evil.example/x":      "/",
		"/\\evil.example":       "/",
		"tables/abc":            "/",
		"javascript:alert(1)":   "/",
		"/x\r\nSet-Cookie: a=b": "/",
	} {
		if got := SafeBack(back); got != want {
			t.Errorf("SafeBack(%q) = %q, want %q", back, got, want)
		}
	}
}

// A registered part joins the catalog; a key it shares with another part
// must say the same.
func TestRegister(t *testing.T) {
	ctx := With(context.Background(), German, "/")
	t.Cleanup(func() { delete(de, "a registered test key %d") })
	Register(map[string]string{"a registered test key %d": "ein eingetragener Testschlüssel %d", "New table": "Neuer Tisch"})
	if got := T(ctx, "a registered test key %d", 3); got != "ein eingetragener Testschlüssel 3" || !Has("a registered test key %d") {
		t.Errorf("registered key: %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("a key with two German texts was registered")
		}
	}()
	Register(map[string]string{"New table": "Ein neuer Tisch"})
}
