package alaska

import (
	"testing"

	"tablemate/web/alaska/alaskatest"
)

func TestAlaskaMovesParse(t *testing.T) {
	for _, m := range []string{"fish", "salmon:x", "cast:1+x", "angler:tourist", "eagle:bird:3", "flow:2", ""} {
		if _, err := parseAlaskaMove(m); err == nil {
			t.Errorf("%q accepted", m)
		}
	}
	for _, m := range alaskatest.Script {
		if _, err := parseAlaskaMove(m.Move); err != nil {
			t.Errorf("%q: %v", m.Move, err)
		}
	}
}
