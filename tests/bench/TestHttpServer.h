#pragma once

#include <QByteArray>
#include <QtGlobal>

#include <atomic>
#include <memory>

/*
 * A small HTTP/1.1 server for the load generator's tests: plain Asio on its
 * own std::thread, listening on 127.0.0.1 port 0. It answers by path:
 *   /ok            200 "OK"
 *   /status/N      status N, body "OK"
 *   /mixed         200, 404, 500, 200, ... in turn, body "OK"
 *   /vary          body "OK" then "OKK" in turn (ab's length check)
 *   /delay/N       200 "OK" after N ms
 *   /silent        reads the request, never answers
 *   /eof           200 "OK" without Content-Length, then closes
 *   /big           200 with a 100,000-byte body
 *   /drop          200 "OK" as on a kept-alive connection, then closes it
 *   /stall/N/MS    200 "OK"; the Nth request to a /stall path stalls the whole
 *                  server: every request it receives in the next MS ms is
 *                  answered only when they are over (a GC pause, say)
 *   /interim/LIST[/MS]
 *                  the interim responses of LIST (comma-separated 1xx codes,
 *                  e.g. 103 or 100,103), each with a Link field, then 200
 *                  "OK"; with MS, the interim ones go in a write of their own
 *                  and the final one MS ms later. After a 101 the "final"
 *                  200 is just bytes of the protocol switched to, and the
 *                  server reads the next request as if nothing had changed.
 * HEAD gets the headers only. HTTP/1.1 keeps the connection unless the
 * request says "Connection: close"; HTTP/1.0 (ab) only if it asks for keep-alive.
 * A request body (Content-Length) is read before answering.
 *
 * It keeps the last request as received (head and body), and times each
 * answer it delays (/delay, a stall) from the request's last byte to the
 * answer's last byte written: its own measured service time.
 */
class TestHttpServer final
{
public:
    TestHttpServer();
    ~TestHttpServer();

    quint16 port() const;
    quint64 connectionsAccepted() const;
    quint64 requests() const;
    QByteArray lastRequest() const; // head and body, as received
    quint64 medianServiceTimeUs() const; // of the delayed answers; 0 before any

private:
    struct Private;
    std::unique_ptr<Private> d;
};
