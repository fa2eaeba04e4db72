#pragma once

#include <QByteArray>
#include <QString>

namespace hostbench::shootout {

/*
 * The check a shootout makes before any load: a GET of `path` on
 * 127.0.0.1:`port` must answer 200 with exactly the expected bytes (the
 * file's, or the fixed answer's). Bodies are compared by size and SHA-256 as
 * they arrive, so a 128 MiB body is never held in memory. Redirects are not
 * followed. Thread: a thread with no event loop running, or the main thread
 * (it runs a local one); blocks for at most `timeoutMs`.
 *
 * Over HTTPS (W1s, W1sn: Endpoint::tlsName set): https://127.0.0.1:PORT
 * with `tlsName` as the server name (SNI) and the name the certificate
 * must carry, verified against `tlsRoot` alone (the shootout's CA), HTTP/1.1;
 * with Endpoint::http2 (W1h2, W2h2) HTTP/2 instead, h2 by ALPN (h2 and
 * http/1.1 offered, as browsers do), and an answer that did not come over
 * HTTP/2 is a difference ("answered over HTTP/1.1, not HTTP/2").
 */
class BodyCheck final
{
public:
    struct Endpoint
    {
        quint16 port = 0;
        QString tlsName; // empty: cleartext
        QString tlsRoot; // PEM file of the one trusted root
        bool http2 = false; // tlsName set: HTTP/2 by ALPN, and the answer must have come over it
    };

    // Empty when the answer is right; else a sentence that says how it differs.
    static QString compareWithFile(
        quint16 port, const QString &path, const QString &file, int timeoutMs = 60'000);
    static QString compareWithBytes(
        quint16 port, const QString &path, const QByteArray &bytes, int timeoutMs = 60'000);
    static QString compareWithFile(
        const Endpoint &endpoint, const QString &path, const QString &file, int timeoutMs = 60'000);

private:
    static QString compare(const Endpoint &endpoint, const QString &path, qint64 expectedSize,
        const QByteArray &expectedSha256, int timeoutMs);
};

} // namespace hostbench::shootout
