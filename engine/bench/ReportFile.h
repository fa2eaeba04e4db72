#pragma once

#include <QByteArray>
#include <QFileDevice>
#include <QString>

namespace hostbench::bench {

/*
 * Writes a report file whole or not at all (QSaveFile: a temporary file
 * beside it, renamed over it on success), so that a failed write never
 * leaves half a report. What `hostbench-cli bench --json/--csv`,
 * `runs export` and the Runs page's Export write through.
 * Plain function; any thread.
 */
class ReportFile final
{
public:
    // False with *error "cannot write PATH: REASON" when the file cannot be
    // created, written or renamed into place.
    static bool write(const QString &path, const QByteArray &bytes, QString *error);
    // The same, the file then having exactly `permissions` whatever the
    // umask (a report to share: 0644, QFileDevice::ReadOwner | WriteOwner |
    // ReadGroup | ReadOther).
    static bool write(
        const QString &path, const QByteArray &bytes, QString *error, QFileDevice::Permissions permissions);
};

} // namespace hostbench::bench
