#!/usr/bin/env python3
"""Black-box HTTP/1.1 conformance: Hostbench against nginx, in raw bytes.

Starts `hostbench-cli serve` and nginx (Debian's package) on equivalent
configurations in a private temporary folder, sends every case below over a
fresh socket to each, and prints a table: case, expected, hostbench, nginx.
A case states the status the rules of issue #3 (RFC 9110 / RFC 9112) require
and whether the connection must close. Exit status 1 when Hostbench fails any
case (every case nginx passes, plus the stricter rules where nginx is lax);
nginx's own misses are listed, not counted. Python 3 standard library only.

Usage: conformance.py --hostbench PATH/hostbench-cli [--nginx PATH] [--verbose]
Without nginx on the machine (or with --nginx none) only Hostbench is run.
"""

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

H = b"Host: localhost\r\n"
OK = b"GET /ok HTTP/1.1\r\n" + H + b"\r\n"
POST = b"POST /ok HTTP/1.1\r\n" + H


def fields(count):
    return b"".join(b"X-F%d: v\r\n" % i for i in range(count))


# name, request bytes, expected status, connection closes, expected body (None: not checked)
CASES = [
    ("valid GET", OK, 200, False, b"OK"),
    ("HTTP/1.0 without Host", b"GET /ok HTTP/1.0\r\n\r\n", 200, True, b"OK"),
    ("Connection: close", b"GET /ok HTTP/1.1\r\n" + H + b"Connection: close\r\n\r\n", 200, True, b"OK"),
    ("empty line before request (RFC 9112 2.2: ignored)", b"\r\n" + OK, 200, False, b"OK"),
    ("bare LF before request", b"\n" + OK, 400, True, None),
    ("space before request", b" " + OK, 400, True, None),
    ("garbage before request", b"xyz\r\n" + OK, 400, True, None),
    ("no Host on HTTP/1.1", b"GET /ok HTTP/1.1\r\n\r\n", 400, True, None),
    ("two Host fields", b"GET /ok HTTP/1.1\r\n" + H + H + b"\r\n", 400, True, None),
    ("empty Host", b"GET /ok HTTP/1.1\r\nHost:\r\n\r\n", 400, True, None),
    ("Host with slash", b"GET /ok HTTP/1.1\r\nHost: localhost/x\r\n\r\n", 400, True, None),
    ("Host with space", b"GET /ok HTTP/1.1\r\nHost: local host\r\n\r\n", 400, True, None),
    ("absolute-form picks the host", b"GET http://other.test/who.txt HTTP/1.1\r\n" + H + b"\r\n", 200, False,
     b"other\n"),
    ("Host picks the host", b"GET /who.txt HTTP/1.1\r\nHost: other.test\r\n\r\n", 200, False, b"other\n"),
    ("HTTP/2.0", b"GET /ok HTTP/2.0\r\n" + H + b"\r\n", 505, True, None),
    ("HTTP/3.0", b"GET /ok HTTP/3.0\r\n" + H + b"\r\n", 505, True, None),
    ("HTTP/1.2 (rule: only 1.0 and 1.1)", b"GET /ok HTTP/1.2\r\n" + H + b"\r\n", 505, True, None),
    ("HTTP/0.9", b"GET /ok\r\n\r\n", 400, True, None),
    ("version garbage", b"GET /ok HTTP/1.1x\r\n" + H + b"\r\n", 400, True, None),
    ("lower-case version", b"GET /ok http/1.1\r\n" + H + b"\r\n", 400, True, None),
    ("space in target", b"GET /o k HTTP/1.1\r\n" + H + b"\r\n", 400, True, None),
    ("two spaces after method", b"GET  /ok HTTP/1.1\r\n" + H + b"\r\n", 400, True, None),
    ("method not a token", b"G(T /ok HTTP/1.1\r\n" + H + b"\r\n", 400, True, None),
    ("bare CR in request line", b"GET /ok\rHTTP/1.1\r\n" + H + b"\r\n", 400, True, None),
    ("LF-only line ends", b"GET /ok HTTP/1.1\nHost: localhost\n\n", 400, True, None),
    ("request line 8 KiB", b"GET /ok?" + b"q" * (8192 - 17) + b" HTTP/1.1\r\n" + H + b"\r\n", 200, False, b"OK"),
    ("request line over 8 KiB", b"GET /ok?" + b"q" * (8192 - 16) + b" HTTP/1.1\r\n" + H + b"\r\n", 414, True, None),
    ("request line far over", b"GET /ok?" + b"q" * 40000 + b" HTTP/1.1\r\n" + H + b"\r\n", 414, True, None),
    ("field name not a token", b"GET /ok HTTP/1.1\r\n" + H + b"X(Y: 1\r\n\r\n", 400, True, None),
    ("space before colon", b"GET /ok HTTP/1.1\r\n" + H + b"X-A : 1\r\n\r\n", 400, True, None),
    ("control char in value", b"GET /ok HTTP/1.1\r\n" + H + b"X-A: a\x01z\r\n\r\n", 400, True, None),
    ("NUL in value", b"GET /ok HTTP/1.1\r\n" + H + b"X-A: a\x00z\r\n\r\n", 400, True, None),
    ("DEL in value", b"GET /ok HTTP/1.1\r\n" + H + b"X-A: a\x7fz\r\n\r\n", 400, True, None),
    ("bare CR in value", b"GET /ok HTTP/1.1\r\n" + H + b"X-A: a\rz\r\n\r\n", 400, True, None),
    ("obs-fold", b"GET /ok HTTP/1.1\r\n" + H + b"X-A: a\r\n b\r\n\r\n", 400, True, None),
    ("space before first field", b"GET /ok HTTP/1.1\r\n " + H + b"\r\n", 400, True, None),
    ("obs-text in value", b"GET /ok HTTP/1.1\r\n" + H + b"X-A: caf\xc3\xa9\r\n\r\n", 200, False, b"OK"),
    ("100 fields", b"GET /ok HTTP/1.1\r\n" + H + fields(99) + b"\r\n", 200, False, b"OK"),
    ("101 fields", b"GET /ok HTTP/1.1\r\n" + H + fields(100) + b"\r\n", 431, True, None),
    ("header block 16 KiB", b"GET /ok HTTP/1.1\r\n" + H + b"X-Big: " + b"b" * (16384 - len(H) - 11) + b"\r\n\r\n",
     200, False, b"OK"),
    ("header block over 16 KiB",
     b"GET /ok HTTP/1.1\r\n" + H + b"X-Big: " + b"b" * (16384 - len(H) - 10) + b"\r\n\r\n", 431, True, None),
    ("header block of many lines over 16 KiB",
     b"GET /ok HTTP/1.1\r\n" + H + b"".join(b"X-L%d: %s\r\n" % (i, b"l" * 400) for i in range(45)) + b"\r\n",
     431, True, None),
    ("GET with a body", b"GET /ok HTTP/1.1\r\n" + H + b"Content-Length: 3\r\n\r\nabc", 200, False, b"OK"),
    ("Content-Length negative", POST + b"Content-Length: -1\r\n\r\n", 400, True, None),
    ("Content-Length not a number", POST + b"Content-Length: 1x\r\n\r\n", 400, True, None),
    ("Content-Length overflow", POST + b"Content-Length: 99999999999999999999999\r\n\r\n", 400, True, None),
    ("Content-Length twice, different", POST + b"Content-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400, True,
     None),
    ("Transfer-Encoding and Content-Length",
     POST + b"Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n", 400, True, None),
    ("Content-Length and Transfer-Encoding",
     POST + b"Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400, True, None),
    ("Transfer-Encoding: gzip", POST + b"Transfer-Encoding: gzip\r\n\r\n", 501, True, None),
    ("Transfer-Encoding: gzip, chunked", POST + b"Transfer-Encoding: gzip, chunked\r\n\r\n", 501, True, None),
    ("Transfer-Encoding on HTTP/1.0", b"POST /ok HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400,
     True, None),
    ("chunked body", b"GET /ok HTTP/1.1\r\n" + H + b"Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", 200,
     False, b"OK"),
    ("chunked body with extension and trailer",
     b"GET /ok HTTP/1.1\r\n" + H + b"Transfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n0\r\nX-T: 1\r\n\r\n", 200,
     False, b"OK"),
    ("bad chunk size", b"GET /ok HTTP/1.1\r\n" + H + b"Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
     400, True, None),
    ("Content-Length over 1 MiB", POST + b"Content-Length: 1048577\r\n\r\n", 413, True, None),
    ("chunk over 1 MiB", b"GET /ok HTTP/1.1\r\n" + H + b"Transfer-Encoding: chunked\r\n\r\n100001\r\n", 413, True,
     None),
    ("Expect: 100-continue, body too large", POST + b"Expect: 100-continue\r\nContent-Length: 2000000\r\n\r\n", 413,
     True, None),
]


class Reader:
    """Reads responses from a socket, keeping what follows one for the next."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""

    def fill(self, deadline):
        self.sock.settimeout(max(0.05, deadline - time.monotonic()))
        try:
            chunk = self.sock.recv(65536)
        except (socket.timeout, ConnectionResetError):
            chunk = b""
        self.buffer += chunk
        return bool(chunk)

    def response(self, deadline):
        """Returns (status, head, body), or (None, raw bytes, b'') when no response parses."""
        while b"\r\n\r\n" not in self.buffer:
            if not self.fill(deadline):
                return None, self.buffer, b""
        head, _, rest = self.buffer.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        parts = lines[0].split(b" ")
        try:
            status = int(parts[1])
        except (IndexError, ValueError):
            return None, self.buffer, b""
        length = 0
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        self.buffer = rest
        while len(self.buffer) < length:
            if not self.fill(deadline):
                break
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        return status, head, body


def run_case(port, request):
    """Returns (status, closed, body): closed when a follow-up request gets no answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        reader = Reader(sock)
        try:
            sock.sendall(request)
        except (BrokenPipeError, ConnectionResetError):
            pass
        deadline = time.monotonic() + 5
        status, head, body = reader.response(deadline)
        while status == 100:
            status, head, body = reader.response(deadline)
        if status is None:
            return ("no answer" if not head else "raw:%r" % head[:12]), True, b""
        try:
            sock.sendall(OK)
            follow, _, _ = reader.response(time.monotonic() + 3)
        except (BrokenPipeError, ConnectionResetError):
            follow = None
        return status, follow is None, body


def passes(expected, got):
    status, closes, body = expected
    return got[0] == status and got[1] == closes and (body is None or got[2] == body)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port, process, seconds=15):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True
        except OSError:
            time.sleep(0.1)
    return False


NGINX_CONF = """daemon off;
master_process off;
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    client_max_body_size 1m;
    server {{
        listen 127.0.0.1:{port} default_server;
        server_name localhost;
        root {root};
        location = /ok {{ default_type text/plain; return 200 "OK"; }}
    }}
    server {{
        listen 127.0.0.1:{port};
        server_name other.test;
        root {other};
        location = /ok {{ default_type text/plain; return 200 "OK"; }}
    }}
}}
"""


def start(command, port, log):
    # A session of its own (setsid), as for any server compared: the
    # scheduler treats both alike and a stop reaches every process.
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    if not wait_listening(port, process):
        stop(process)
        return None
    return process


def stop(process):
    if process and process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hostbench", required=True, help="path of hostbench-cli")
    parser.add_argument("--nginx", default=shutil.which("nginx") or "/usr/sbin/nginx",
                        help="path of nginx, or 'none'")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="hostbench-conformance-")
    servers = []
    try:
        root, other = os.path.join(work, "root"), os.path.join(work, "other")
        os.makedirs(root)
        os.makedirs(other)
        with open(os.path.join(root, "who.txt"), "w") as f:
            f.write("default\n")
        with open(os.path.join(other, "who.txt"), "w") as f:
            f.write("other\n")

        hb_port = free_port()
        hb_log = open(os.path.join(work, "hostbench.log"), "w")
        hb = start([args.hostbench, "serve", "--listen", "127.0.0.1:%d" % hb_port, "--default", root,
                    "--site", "other.test=" + other, "--route", "/ok=OK", "--control", "off",
                    "--threads", "1", "--data-dir", os.path.join(work, "data")]
                   # serve refuses root without --user; CI runs as root.
                   + (["--user", "root"] if os.geteuid() == 0 else []), hb_port, hb_log)
        if not hb:
            print("hostbench-cli did not start; see its output:")
            print(open(os.path.join(work, "hostbench.log")).read())
            return 2
        servers.append(hb)

        ng_port = None
        if args.nginx != "none" and os.access(args.nginx, os.X_OK):
            prefix = os.path.join(work, "nginx")
            os.makedirs(prefix)
            ng_port = free_port()
            conf = os.path.join(prefix, "nginx.conf")
            with open(conf, "w") as f:
                f.write(NGINX_CONF.format(prefix=prefix, port=ng_port, root=root, other=other))
            ng_log = open(os.path.join(prefix, "stdout.log"), "w")
            ng = start([args.nginx, "-p", prefix, "-c", conf], ng_port, ng_log)
            if ng:
                servers.append(ng)
            else:
                print("nginx did not start; comparing nothing (%s)" % open(os.path.join(prefix, "error.log")).read())
                ng_port = None

        def show(got):
            return "%s%s" % (got[0], " close" if got[1] else "")

        width = max(len(c[0]) for c in CASES)
        print("%-*s  %-10s  %-14s  %-14s" % (width, "case", "expected", "hostbench", "nginx"))
        failures, nginx_differs = [], []
        for name, request, status, closes, body in CASES:
            expected = (status, closes, body)
            hb_got = run_case(hb_port, request)
            hb_ok = passes(expected, hb_got)
            ng_text = "-"
            if ng_port:
                ng_got = run_case(ng_port, request)
                ng_ok = passes(expected, ng_got)
                ng_text = "%s %s" % (show(ng_got), "ok" if ng_ok else "DIFF")
                if not ng_ok:
                    nginx_differs.append((name, show(expected), show(ng_got)))
            print("%-*s  %-10s  %-14s  %-14s" % (width, name, show(expected),
                                                 "%s %s" % (show(hb_got), "ok" if hb_ok else "FAIL"), ng_text))
            if args.verbose and not hb_ok:
                print("    hostbench body: %r" % hb_got[2][:80])
            if not hb_ok:
                failures.append(name)

        print()
        print("%d cases; hostbench fails %d" % (len(CASES), len(failures)))
        if ng_port:
            print("nginx differs from the rules in %d:" % len(nginx_differs))
            for name, expected, got in nginx_differs:
                print("  %s: expected %s, nginx %s" % (name, expected, got))
        for name in failures:
            print("FAIL: %s" % name)
        return 1 if failures else 0
    finally:
        for process in servers:
            stop(process)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
