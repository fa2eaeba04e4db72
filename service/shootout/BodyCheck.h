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
 */
class BodyCheck final
{
public:
    // Empty when the answer is right; else a sentence that says how it differs.
    static QString compareWithFile(
        quint16 port, const QString &path, const QString &file, int timeoutMs = 60'000);
    static QString compareWithBytes(
        quint16 port, const QString &path, const QByteArray &bytes, int timeoutMs = 60'000);

private:
    static QString compare(quint16 port, const QString &path, qint64 expectedSize,
        const QByteArray &expectedSha256, int timeoutMs);
};

} // namespace hostbench::shootout
