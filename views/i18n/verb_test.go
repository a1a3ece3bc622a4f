package i18n

import (
	"context"
	"testing"
)

// TestVerbKeepsAFormatsVerbs: a format said with a Verb for each verb
// keeps its verbs for a page's script, in English as it is and in German
// translated; a format without German stays English.
func TestVerbKeepsAFormatsVerbs(t *testing.T) {
	en := With(context.Background(), English, "/")
	de := With(context.Background(), German, "/")
	for _, c := range []struct {
		ctx       context.Context
		key, want string
		verbs     int
	}{
		{en, "place %d of %d", "place %d of %d", 2},
		{de, "place %d of %d", "Platz %d von %d", 2},
		{de, "Game %d", "Partie %d", 1},
		{de, "no German %d of %s (test)", "no German %d of %s (test)", 2},
	} {
		args := make([]any, c.verbs)
		for i := range args {
			args[i] = Verb
		}
		if got := T(c.ctx, c.key, args...); got != c.want {
			t.Errorf("T(%s, %q, Verb…) = %q, want %q", Code(Lang(c.ctx)), c.key, got, c.want)
		}
	}
}
