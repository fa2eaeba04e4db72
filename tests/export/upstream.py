#!/usr/bin/env python3
"""The upstream app of the export tests (issue #24): one process in front of
which Hostbench and each exported server proxy the same requests.

  upstream.py tcp PORT        listen on 127.0.0.1:PORT
  upstream.py unix PATH       listen on a Unix domain socket

Each request gets a JSON answer (HTTP/1.1, keep-alive unless the client
closes): its method, target and version, the header fields as received (in
order, names as sent), the body's length, which connection of this process
it came on (1, 2, ...) and the how-manyth request on that connection. A
target whose path ends in "/missing" gets the same JSON with status 404. A
WebSocket handshake (RFC 6455) on a path ending in "/ws" is answered with 101
and every text or binary message is echoed back. Standard library only;
"ready" on stdout once listening.
"""
import base64
import hashlib
import json
import os
import socket
import socketserver
import sys
import threading

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC11B85"
counter_lock = threading.Lock()
connections = 0


def read_head(rfile):
    lines = []
    while True:
        line = rfile.readline(65536)
        if not line:
            return None
        if line in (b"\r\n", b"\n"):
            if lines:
                return lines
            continue
        lines.append(line.rstrip(b"\r\n").decode("latin-1"))


def read_body(rfile, fields):
    lower = {name.lower(): value for name, value in fields}
    if "chunked" in lower.get("transfer-encoding", "").lower():
        total = 0
        while True:
            size = int(rfile.readline().split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while rfile.readline() not in (b"\r\n", b"\n", b""):
                    pass
                return total
            total += len(rfile.read(size))
            rfile.readline()
    length = int(lower.get("content-length", "0") or "0")
    return len(rfile.read(length)) if length else 0


def read_frame(rfile):
    head = rfile.read(2)
    if len(head) < 2:
        return None, None
    opcode = head[0] & 0x0F
    length = head[1] & 0x7F
    if length == 126:
        length = int.from_bytes(rfile.read(2), "big")
    elif length == 127:
        length = int.from_bytes(rfile.read(8), "big")
    mask = rfile.read(4) if head[1] & 0x80 else b"\0\0\0\0"
    data = bytes(b ^ mask[i % 4] for i, b in enumerate(rfile.read(length)))
    return opcode, data


def frame(opcode, data):
    if len(data) < 126:
        head = bytes([0x80 | opcode, len(data)])
    elif len(data) < 65536:
        head = bytes([0x80 | opcode, 126]) + len(data).to_bytes(2, "big")
    else:
        head = bytes([0x80 | opcode, 127]) + len(data).to_bytes(8, "big")
    return head + data


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        global connections
        with counter_lock:
            connections += 1
            number = connections
        served = 0
        while True:
            lines = read_head(self.rfile)
            if lines is None:
                return
            method, target, version = (lines[0].split(" ") + ["", ""])[:3]
            fields = []
            for line in lines[1:]:
                name, _, value = line.partition(":")
                fields.append([name, value.strip()])
            lower = {name.lower(): value for name, value in fields}
            served += 1
            path = target.split("?")[0]
            if path.endswith("/ws") and lower.get("upgrade", "").lower() == "websocket":
                self.websocket(lower)
                return
            body = read_body(self.rfile, fields)
            answer = json.dumps({"method": method, "target": target, "version": version,
                                 "headers": fields, "body_length": body,
                                 "connection": number, "request": served}).encode()
            status = "404 Not Found" if path.endswith("/missing") else "200 OK"
            close = "close" in lower.get("connection", "").lower() or version == "HTTP/1.0"
            self.wfile.write(("HTTP/1.1 %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"
                              "X-Upstream: hostbench-test\r\n%s\r\n" % (
                                  status, len(answer), "Connection: close\r\n" if close else "")).encode()
                             + (b"" if method == "HEAD" else answer))
            self.wfile.flush()
            if close:
                return

    def websocket(self, lower):
        accept = base64.b64encode(hashlib.sha1(lower.get("sec-websocket-key", "").encode() + GUID).digest())
        self.wfile.write(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n")
        self.wfile.flush()
        while True:
            opcode, data = read_frame(self.rfile)
            if opcode is None or opcode == 0x8:
                self.wfile.write(frame(0x8, b""))
                return
            if opcode in (0x1, 0x2):
                self.wfile.write(frame(opcode, data))
                self.wfile.flush()


class TcpServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


class UnixServer(socketserver.ThreadingUnixStreamServer):
    daemon_threads = True


def main():
    kind, where = sys.argv[1], sys.argv[2]
    if kind == "unix":
        if os.path.exists(where):
            os.unlink(where)
        server = UnixServer(where, Handler)
        os.chmod(where, 0o777)  # servers started by root serve as another user
    else:
        server = TcpServer(("127.0.0.1", int(where)), Handler)
    server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    print("ready", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
