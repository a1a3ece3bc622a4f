package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"tablemate/scoring/cambio"
	webcambio "tablemate/web/cambio"
)

// cold measures what a restart costs: Cambio tables of several lengths
// are imported into each binary's database, then each binary in turn is
// started, every table's page is opened once (the first view after the
// restart: nothing of the table in memory), rounds are entered, each
// followed by a view of the page, and the binary is stopped again (with
// SIGTERM, or SIGKILL when kill is set). The binaries take turns, round
// after round, so a machine busier in one part of the run weighs on all
// of them alike; each figure is the min, median and max of the rounds.
func cold(bins []string, lengths []int, rounds, writes int, kill bool) error {
	type server struct {
		bin, dir, addr string
		tables         []string // edit paths, one per length
		cmd            *exec.Cmd
	}
	var servers []*server
	for _, bin := range bins {
		dir, err := os.MkdirTemp("", "tablemate-cold")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		servers = append(servers, &server{bin: bin, dir: dir, addr: freeAddr()})
	}
	start := func(s *server) error {
		// A long import is read while it is replayed: more than the 30 s a
		// body may take by default on a busy machine.
		// A baseline is given only the flags every build takes.
		args := []string{"serve", "-addr", s.addr, "-db", filepath.Join(s.dir, "cold.db"), "-write-rate", "0"}
		if s == servers[0] {
			args = append(args, "-qr=false", "-body-timeout", "10m")
		}
		s.cmd = exec.Command(s.bin, args...)
		s.cmd.Stdout, s.cmd.Stderr = io.Discard, io.Discard
		if err := s.cmd.Start(); err != nil {
			return err
		}
		return waitUp("http://" + s.addr + "/healthz")
	}
	stop := func(s *server) {
		sig := syscall.SIGTERM
		if kill {
			sig = syscall.SIGKILL
		}
		s.cmd.Process.Signal(sig)
		s.cmd.Wait()
	}
	for _, s := range servers {
		if err := start(s); err != nil {
			return fmt.Errorf("%s: %w", s.bin, err)
		}
		for _, n := range lengths {
			table, err := importCambio("http://"+s.addr, n)
			if err != nil && s != servers[0] {
				// A baseline that refuses the length (an older build
				// capped imports): its row says so, the run goes on.
				fmt.Fprintf(os.Stderr, "%s refused a table of %d events: %v\n", s.bin, n, err)
				table = ""
			} else if err != nil {
				stop(s)
				return fmt.Errorf("%s: import a table of %d events: %w", s.bin, n, err)
			}
			s.tables = append(s.tables, table)
		}
		stop(s)
	}
	// first[s][i] are the first views of server s's table i, one a round;
	// written and after are every write and every view after one.
	first := make([][][]time.Duration, len(servers))
	written := make([][][]time.Duration, len(servers))
	after := make([][][]time.Duration, len(servers))
	for i := range servers {
		first[i] = make([][]time.Duration, len(lengths))
		written[i] = make([][]time.Duration, len(lengths))
		after[i] = make([][]time.Duration, len(lengths))
	}
	for round := range rounds {
		for k, s := range servers {
			if err := start(s); err != nil {
				return fmt.Errorf("%s: %w", s.bin, err)
			}
			client := newPhone()
			for i, table := range s.tables {
				if table == "" {
					continue // refused at import
				}
				began := time.Now()
				if err := view(client, "http://"+s.addr+table); err != nil {
					stop(s)
					return fmt.Errorf("%s: first view of %d events: %w", s.bin, lengths[i], err)
				}
				first[k][i] = append(first[k][i], time.Since(began))
				for w := range writes {
					took, err := enterRound(client, "http://"+s.addr+table, round*writes+w)
					if err != nil {
						stop(s)
						return fmt.Errorf("%s: write to %d events: %w", s.bin, lengths[i], err)
					}
					written[k][i] = append(written[k][i], took)
					began := time.Now()
					if err := view(client, "http://"+s.addr+table); err != nil {
						stop(s)
						return err
					}
					after[k][i] = append(after[k][i], time.Since(began))
				}
			}
			stop(s)
		}
	}
	how := "SIGTERM (a shutdown)"
	if kill {
		how = "SIGKILL"
	}
	fmt.Printf("Cambio tables, %d rounds, each binary stopped with %s and started again in turn; %d rounds entered per table and round\n\n", rounds, how, writes)
	fmt.Printf("%-8s %-34s %26s %26s %26s\n", "events", "binary", "first view min/med/max", "write p50/p95", "view after write p50/p95")
	for i, n := range lengths {
		for k, s := range servers {
			name := s.bin
			if k == 0 {
				name += " (measured)"
			}
			if s.tables[i] == "" {
				fmt.Printf("%-8d %-34s %26s\n", n, name, "refused at import")
				continue
			}
			fmt.Printf("%-8d %-34s %26s %26s %26s\n", n, name, spread(first[k][i]), pct(written[k][i]), pct(after[k][i]))
		}
		if len(servers) > 1 && servers[1].tables[i] != "" {
			fmt.Printf("%-8s %-34s %26s\n", "", "ratio of medians (measured/base)", fmt.Sprintf("%.3f", ratio(median(first[0][i]), median(first[1][i]))))
		}
	}
	return nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Sorted(slices.Values(ds))
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

func ratio(a, b time.Duration) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func spread(ds []time.Duration) string {
	s := slices.Sorted(slices.Values(ds))
	if len(s) == 0 {
		return "-"
	}
	return fmt.Sprintf("%s/%s/%s", ms(s[0]), ms(s[len(s)/2]), ms(s[len(s)-1]))
}

func pct(ds []time.Duration) string {
	s := slices.Sorted(slices.Values(ds))
	if len(s) == 0 {
		return "-"
	}
	return fmt.Sprintf("%s/%s", ms(s[len(s)/2]), ms(s[len(s)*95/100]))
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond)) }

// newPhone is a client with its own cookies (the CSRF cookie) that does
// not follow redirects.
func newPhone() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 5 * time.Minute,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// view opens a page as a phone does (gzip) and reads it whole.
func view(client *http.Client, url string) error {
	_, err := get(client, url)
	return err
}

func get(client *http.Client, url string) (string, error) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var body io.Reader = resp.Body
	if resp.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			return "", err
		}
		body = zr
	}
	b, err := io.ReadAll(body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return string(b), err
}

var hiddenField = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)"`)

// enterRound enters a round as the round form does (the form read
// first, not timed) and returns how long the post took.
func enterRound(client *http.Client, table string, i int) (time.Duration, error) {
	page, err := get(client, table+"/games/new")
	if err != nil {
		return 0, err
	}
	start := strings.Index(page, `action="`+strings.TrimPrefix(table, "http://"+hostOf(table))+`/games"`)
	if start < 0 {
		return 0, fmt.Errorf("no round form on %s/games/new", table)
	}
	v := url.Values{}
	for _, m := range hiddenField.FindAllStringSubmatch(page[start:], -1) {
		if !v.Has(m[1]) {
			v.Set(m[1], m[2])
		}
	}
	hand := cambioHands[i%len(cambioHands)]
	for seat, cards := range hand {
		v.Set(fmt.Sprintf("players[%d].cards", seat), strings.ReplaceAll(strings.ReplaceAll(cards, `"`, ""), ",", " "))
	}
	v.Set("ended", webcambio.EndedBy(2))
	req, _ := http.NewRequest(http.MethodPost, table+"/games", strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	began := time.Now()
	resp, err := client.Do(req)
	took := time.Since(began)
	if err != nil {
		return 0, err
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		return 0, fmt.Errorf("POST %s/games: %s%s", table, resp.Status, alertOf(body))
	}
	return took, nil
}

// alertText finds the messages of a refused form's page.
var alertText = regexp.MustCompile(`(?s)role="alert"[^>]*>(.*?)</(?:div|section|ul)>`)

// alertOf is the page's first message, for an error ("" for none).
func alertOf(page []byte) string {
	if m := alertText.FindSubmatch(page); m != nil {
		return ": " + strings.Join(strings.Fields(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(string(m[1]), " ")), " ")
	}
	return ""
}

func hostOf(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return ""
	}
	return p.Host
}

// cambioHands are the rounds of the tables cold imports and writes, in
// turn: Ana scores 11 a round, Ben 7 and Cy, who calls Cambio with the
// fewest points, 2 − 5, so every game ends after its fifth round (Ana's
// 55, ruling CAM-2) and Cy wins it.
var cambioHands = [][3]string{{`"5","6"`, `"3","4"`, `"2"`}, {`"4","7"`, `"7"`, `"1","1"`}, {`"11"`, `"2","5"`, `"0","2"`}}

// callerField is the JSON name of a round's "called Cambio" field, as
// the engine names it.
var callerField = func() string {
	f, _ := reflect.TypeOf(cambio.RoundPlayer{}).FieldByName("Cambio")
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}()

// cambioExport is the export of a Cambio table of Ana, Ben and Cy with
// n events: its start and n−1 rounds.
func cambioExport(n int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"format":"tablemate-table","version":1,"name":"Cambio %d","game":%q,"events":[`+
		`{"seq":1,"kind":"table_created","payload":{"game":%q,"name":"Cambio %d","players":["Ana","Ben","Cy"]},"at":"2026-11-20T19:00:00Z"}`, n, cambio.Slug, cambio.Slug, n)
	for i := range n - 1 {
		h := cambioHands[i%len(cambioHands)]
		fmt.Fprintf(&b, `,{"seq":%d,"kind":"round_recorded","payload":{"game":%d,"round":{"players":[`+
			`{"name":"Ana","cards":[%s]},{"name":"Ben","cards":[%s]},{"name":"Cy","cards":[%s],%q:true}]}},"at":"2026-11-20T%02d:%02d:00Z"}`,
			i+2, i/5+1, h[0], h[1], h[2], callerField, 19+i/60%5, i%60)
	}
	b.WriteString("]}")
	return b.Bytes()
}

// importCambio imports a Cambio table of n events through the import
// form and returns its edit path.
func importCambio(base string, n int) (string, error) {
	client := newPhone()
	page, err := get(client, base+"/tables/import")
	if err != nil {
		return "", err
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, m := range hiddenField.FindAllStringSubmatch(page, -1) {
		mw.WriteField(m[1], m[2])
	}
	fw, _ := mw.CreateFormFile("file", "long-table.json")
	fw.Write(cambioExport(n))
	mw.Close()
	req, _ := http.NewRequest(http.MethodPost, base+"/tables/import", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		return "", fmt.Errorf("import: %s", resp.Status)
	}
	return resp.Header.Get("Location"), nil
}
