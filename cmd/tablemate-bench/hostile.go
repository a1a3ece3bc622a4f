package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"tablemate/scoring/kks"
)

// hostile plays the hostile clients of issue #25 against the real binary
// on 127.0.0.1 and prints what each got (tablemate-bench -hostile):
// bodies over the limit sent whole before the answer is read, as Python's
// urllib does; a body that stops arriving; one address opening streams
// until it is refused, with /healthz asked meanwhile; and the server's
// memory with thousands of streams open and after they closed.
func hostile(bin string, streams int) error {
	dir, err := os.MkdirTemp("", "tablemate-hostile")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	// The default limits, but a body timeout of 5 s to keep the run short.
	addr := freeAddr()
	app, err := start(bin, "serve", "-addr", addr, "-db", filepath.Join(dir, "a.db"), "-write-rate", "0", "-body-timeout", "5s")
	if err != nil {
		return err
	}
	defer app.Process.Kill()
	base := "http://" + addr
	if err := waitUp(base + "/healthz"); err != nil {
		return err
	}
	table, err := makeTable(base)
	if err != nil {
		return err
	}

	const big = 3 << 20
	for _, chunked := range []bool{false, true} {
		got := map[string]int{}
		for range 10 {
			got[sendWhole(addr, "/tables", "application/x-www-form-urlencoded", big, chunked)]++
		}
		how := "Content-Length"
		if chunked {
			how = "chunked"
		}
		fmt.Printf("3 MiB form (%s), sent whole before reading, 10 times: %v\n", how, got)
	}

	began := time.Now()
	status := stallBody(addr, "/check/"+kks.Slug)
	fmt.Printf("form body stalled after 10 of 100 bytes (-body-timeout 5s): %s after %s\n", status, time.Since(began).Round(100*time.Millisecond))

	held, got, err := openStreams(addr, table+"/live", 1000)
	if err != nil {
		return err
	}
	began = time.Now()
	health := "error"
	if resp, err := (&http.Client{Timeout: 10 * time.Second}).Get(base + "/healthz"); err == nil {
		health = resp.Status
		resp.Body.Close()
	}
	fmt.Printf("1,000 streams from one address, default limits: %v; /healthz meanwhile: %s in %s\n",
		got, health, time.Since(began).Round(10*time.Microsecond))
	closeAll(held)

	// Memory: limits raised so one address may hold them all.
	addr = freeAddr()
	n := fmt.Sprint(streams)
	mem, err := start(bin, "serve", "-addr", addr, "-db", filepath.Join(dir, "b.db"), "-write-rate", "0",
		"-live-per-client", n, "-live-per-table", n, "-live-max", n)
	if err != nil {
		return err
	}
	defer mem.Process.Kill()
	base = "http://" + addr
	if err := waitUp(base + "/healthz"); err != nil {
		return err
	}
	if table, err = makeTable(base); err != nil {
		return err
	}
	pid := mem.Process.Pid
	before := rss(pid)
	held, got, err = openStreams(addr, table+"/live", streams)
	if err != nil {
		return err
	}
	with := rss(pid)
	closeAll(held)
	time.Sleep(10 * time.Second)
	fmt.Printf("%d streams (%v): RSS %s before, %s with them open, %s 10 s after they closed\n", streams, got, before, with, rss(pid))
	return nil
}

// sendWhole posts size bytes to path and reads the answer only once all
// of it is sent; it returns the status, or what went wrong.
func sendWhole(addr, path, contentType string, size int, chunked bool) string {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return err.Error()
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	head := "POST " + path + " HTTP/1.1\r\nHost: " + addr + "\r\nSec-Fetch-Site: same-origin\r\nContent-Type: " + contentType + "\r\n"
	if chunked {
		head += "Transfer-Encoding: chunked\r\n\r\n"
	} else {
		head += fmt.Sprintf("Content-Length: %d\r\n\r\n", size)
	}
	w := bufio.NewWriter(conn)
	w.WriteString(head)
	chunk := bytes.Repeat([]byte("a"), 64<<10)
	for sent := 0; sent < size; sent += len(chunk) {
		if chunked {
			fmt.Fprintf(w, "%x\r\n%s\r\n", len(chunk), chunk)
		} else {
			w.Write(chunk)
		}
	}
	if chunked {
		w.WriteString("0\r\n\r\n")
	}
	if err := w.Flush(); err != nil {
		return "reset while sending"
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		if errors.Is(err, syscall.ECONNRESET) {
			return "reset"
		}
		return "no answer"
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.Status
}

// stallBody announces 100 bytes of form, sends 10 and waits.
func stallBody(addr, path string) string {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return err.Error()
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(60 * time.Second))
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nplayers=An", path, addr)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return "no answer: " + err.Error()
	}
	resp.Body.Close()
	return resp.Status
}

// openStreams opens n streams of path, each on its own connection, and
// counts their answers; the ones answered 200 stay open.
func openStreams(addr, path string, n int) ([]net.Conn, map[string]int, error) {
	got := map[string]int{}
	var held []net.Conn
	for range n {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			closeAll(held)
			return nil, nil, err
		}
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n\r\n", path, addr)
		line, err := bufio.NewReader(conn).ReadString('\n')
		status := strings.TrimSpace(strings.TrimPrefix(line, "HTTP/1.1 "))
		if err != nil {
			status = "no answer"
		}
		got[status]++
		if strings.HasPrefix(status, "200") {
			conn.SetDeadline(time.Time{})
			held = append(held, conn)
		} else {
			conn.Close()
		}
	}
	return held, got, nil
}

func closeAll(conns []net.Conn) {
	for _, c := range conns {
		c.Close()
	}
}

// rss is a process's resident memory as /proc says it ("224500 kB").
func rss(pid int) string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return "?"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}
