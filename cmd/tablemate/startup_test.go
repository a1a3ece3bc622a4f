package main

import (
	"bytes"
	"errors"
	"net"
	"slices"
	"strings"
	"testing"

	"github.com/boombuler/barcode/qr"
)

func ipNet(s string) net.Addr {
	ip, n, err := net.ParseCIDR(s)
	if err != nil {
		panic(err)
	}
	n.IP = ip
	return n
}

// laptop is a laptop on a home Wi-Fi with Docker and IPv6.
func laptop() ([]net.Addr, error) {
	return []net.Addr{
		ipNet("172.17.0.1/16"),   // docker0
		ipNet("203.0.113.7/24"),  // a public address
		ipNet("fe80::1/64"),      // link-local: needs a zone, no use in a URL
		ipNet("fd00::2/64"),      // unique local IPv6
		ipNet("2001:db8::5/64"),  // global IPv6
		ipNet("10.8.0.3/24"),     // a VPN
		ipNet("192.168.1.23/24"), // the Wi-Fi
		ipNet("127.0.0.1/8"),     // loopback, if a lister passes it
		&net.IPAddr{IP: net.ParseIP("169.254.3.4")},
	}, nil
}

func TestReachableAt(t *testing.T) {
	bound := func(port int) net.Addr { return &net.TCPAddr{IP: net.IPv6unspecified, Port: port} }
	// every is the laptop's addresses phones may use, best first.
	every := func(port string) []string {
		var out []string
		for _, host := range []string{"192.168.1.23", "10.8.0.3", "172.17.0.1", "203.0.113.7", "169.254.3.4", "[fd00::2]", "[2001:db8::5]"} {
			out = append(out, "http://"+host+":"+port)
		}
		return out
	}
	for _, tt := range []struct {
		addr     string
		port     int
		phones   []string
		local    string
		loopback bool
	}{
		{":8080", 8080, every("8080"), "http://localhost:8080", false},
		{"0.0.0.0:9000", 9000, every("9000"), "http://localhost:9000", false},
		{"[::]:0", 41234, every("41234"), "http://localhost:41234", false},
		{"192.168.1.23:8080", 8080, []string{"http://192.168.1.23:8080"}, "http://192.168.1.23:8080", false},
		{"[2001:db8::5]:8080", 8080, []string{"http://[2001:db8::5]:8080"}, "http://[2001:db8::5]:8080", false},
		{"tablemate.local:8080", 8080, []string{"http://tablemate.local:8080"}, "http://tablemate.local:8080", false},
		{"127.0.0.1:0", 39999, nil, "http://127.0.0.1:39999", true},
		{"[::1]:8080", 8080, nil, "http://[::1]:8080", true},
		{"localhost:8080", 8080, nil, "http://localhost:8080", true},
	} {
		r, err := reachableAt(tt.addr, bound(tt.port), laptop)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.phones, tt.phones) || r.local != tt.local || r.loopback != tt.loopback {
			t.Errorf("%s: phones %q local %q loopback %v\nwant %q %q %v", tt.addr, r.phones, r.local, r.loopback, tt.phones, tt.local, tt.loopback)
		}
	}
	// A lister that fails still leaves the local URL.
	r, err := reachableAt(":8080", bound(8080), func() ([]net.Addr, error) { return nil, errors.New("no netlink") })
	if err == nil || r.local != "http://localhost:8080" || len(r.phones) != 0 {
		t.Errorf("%+v %v", r, err)
	}
}

func TestStartupMessage(t *testing.T) {
	r, _ := reachableAt(":8080", &net.TCPAddr{Port: 8080}, laptop)
	var b bytes.Buffer
	r.write(&b, true, false)
	out := b.String()
	for _, want := range []string{
		"Tablemate is running. Phones on the same Wi-Fi or network open:\n  http://192.168.1.23:8080\n  http://10.8.0.3:8080\n",
		"On this computer: http://localhost:8080\n",
		"▀", "█",
		"Scan the code with a phone's camera to open http://192.168.1.23:8080\n",
		"no firewall blocks port 8080.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "fe80") || strings.Contains(out, "127.0.0.1") || strings.Contains(out, "\x1b[") {
		t.Errorf("a link-local or loopback address, or colours:\n%s", out)
	}

	b.Reset()
	r.write(&b, false, false) // -qr=false
	if strings.ContainsAny(b.String(), "█▀▄") || strings.Contains(b.String(), "Scan") {
		t.Errorf("a QR code with -qr=false:\n%s", b.String())
	}

	b.Reset()
	offline, _ := reachableAt(":8080", &net.TCPAddr{Port: 8080}, func() ([]net.Addr, error) { return nil, nil })
	offline.write(&b, true, false)
	if want := "Tablemate is running at http://localhost:8080.\nThis computer has no network address that phones could use: connect it to the Wi-Fi the phones use and start tablemate again.\n"; b.String() != want {
		t.Errorf("offline:\n%q\nwant\n%q", b.String(), want)
	}

	b.Reset()
	local, _ := reachableAt("127.0.0.1:8080", &net.TCPAddr{Port: 8080}, laptop)
	local.write(&b, true, false)
	if want := "Tablemate is running at http://127.0.0.1:8080, for this computer only: phones cannot reach it.\nTo let phones on the same Wi-Fi join, serve with -addr :8080 instead; behind a proxy, give the address phones open with -public-url.\n"; b.String() != want {
		t.Errorf("loopback:\n%q\nwant\n%q", b.String(), want)
	}

	// Started by make run, the advice is make run's.
	b.Reset()
	local.how = addrSetting{viaMake: true}
	local.write(&b, true, false)
	if want := "To let phones on the same Wi-Fi join, run make run ADDR=:8080 instead; behind a proxy, give the address phones open with TABLEMATE_PUBLIC_URL=https://… make run.\n"; !strings.Contains(b.String(), want) || strings.Contains(b.String(), "-addr") || strings.Contains(b.String(), "-public-url") {
		t.Errorf("loopback under make run:\n%q\nwant %q", b.String(), want)
	}

	// Behind a proxy (-public-url), on this computer only or on every
	// interface: phones open the public address, the QR code is its.
	for _, addr := range []string{"127.0.0.1:18159", ":8080"} {
		b.Reset()
		r, _ := reachableAt(addr, &net.TCPAddr{Port: 18159}, laptop)
		r.public = "https://games.example.org"
		r.write(&b, true, false)
		out := b.String()
		for _, want := range []string{
			"Phones open its public address (-public-url):\n  https://games.example.org\n",
			"Scan the code with a phone's camera to open https://games.example.org\n",
			"passes requests on to " + r.local + ".\n",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%s behind a proxy lacks %q:\n%s", addr, want, out)
			}
		}
		if strings.Contains(out, "cannot reach") || strings.Contains(out, "-addr") || strings.Contains(out, "192.168.1.23") || !strings.Contains(out, "█") {
			t.Errorf("%s behind a proxy:\n%s", addr, out)
		}
	}
}

// TestQRInTheTerminal reads the half blocks back into modules and
// compares them with the code: every module, light margin included.
func TestQRInTheTerminal(t *testing.T) {
	const url = "http://192.168.1.23:8080"
	for _, colour := range []bool{false, true} {
		var b bytes.Buffer
		if err := drawQR(&b, url, colour); err != nil {
			t.Fatal(err)
		}
		code, _ := qr.Encode(url, qr.M, qr.Auto)
		n := code.Bounds().Dx()
		size := n + 2*qrQuiet
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		if len(lines) != (size+1)/2 {
			t.Fatalf("%d lines for %d module rows", len(lines), size)
		}
		var rows [][]bool // light modules, margin included
		for _, line := range lines {
			if colour {
				inner, ok := strings.CutPrefix(line, "\x1b[97;40m")
				inner, ok2 := strings.CutSuffix(inner, "\x1b[0m")
				if !ok || !ok2 {
					t.Fatalf("line without white-on-black: %q", line)
				}
				line = inner
			}
			top, bottom := make([]bool, 0, size), make([]bool, 0, size)
			for _, r := range line {
				i := slices.Index([]rune(" ▄▀█"), r) // bit 1: top module light, bit 0: bottom
				if i < 0 {
					t.Fatalf("unexpected %q in %q", r, line)
				}
				top, bottom = append(top, i&2 != 0), append(bottom, i&1 != 0)
			}
			if len(top) != size {
				t.Fatalf("line of %d modules, want %d", len(top), size)
			}
			rows = append(rows, top, bottom)
		}
		for y := range size {
			for x := range size {
				cx, cy := x-qrQuiet, y-qrQuiet
				want := true // the margin is light
				if cx >= 0 && cy >= 0 && cx < n && cy < n {
					r, _, _, _ := code.At(cx, cy).RGBA()
					want = r != 0
				}
				if rows[y][x] != want {
					t.Fatalf("colour %v: module (%d,%d) light=%v, want %v", colour, cx, cy, rows[y][x], want)
				}
			}
		}
		if size%2 == 1 && slices.Contains(rows[size], true) {
			t.Error("the half row below the code is drawn")
		}
	}
}
