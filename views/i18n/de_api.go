package i18n

// deAPI is the German of the strict JSON reading every API request,
// table entry and import goes through (scoring/strict.go).
var deAPI = map[string]string{
	"a number": "eine Zahl",
	"%s is out of range: counts and scores lie between %d and %d (ruling G-1)": "%s liegt außerhalb des Bereichs: Anzahlen und Punkte liegen zwischen %d und %d (Regel G-1)",
	"a list of at most %d items": "eine Liste mit höchstens %d Einträgen",
	// The API's own answers (web/server/api.go, api_play.go).
	"unknown game %q; GET /api/v1/games lists them":                             "Dieses Spiel gibt es hier nicht: %q; GET /api/v1/games listet die Spiele auf",
	"send the state as application/json, not %s":                                "Sende den Spielstand als application/json, nicht als %s",
	"send the game log as application/json, not %s":                             "Sende das Spielprotokoll als application/json, nicht als %s",
	"%s has no guided play; POST /api/v1/games/%s/score checks a finished game": "%s kann nicht mitgespielt werden; POST /api/v1/games/%s/score prüft eine beendete Partie",
}
