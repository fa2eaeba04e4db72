#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace hostbench::control {

/*
 * The control API's shared secret (RFC 6750 bearer token): 32 bytes from the
 * system's cryptographic random source (QRandomGenerator::system()), written
 * as 64 hexadecimal digits to `<folder>/control.token`, mode 0600, by the
 * first program that needs it; every later one reads the same file, so that
 * `hostbench-cli` finds the token of the window or `serve` running on the
 * same data folder.
 *
 * A token file that group or others may read, or that is not 64 hexadecimal
 * digits, is refused (as ssh refuses a private key that others may read):
 * the reason says which, and the caller runs without its control API.
 *
 * Thread: any; the functions keep no state. Creation is safe against
 * another process creating the file at the same moment: the file appears
 * whole (written aside, then linked into place) and the first one wins.
 */
class ControlToken final
{
public:
    static constexpr char kFileName[] = "control.token";
    static constexpr int kHexLength = 64;

    static QString filePath(const QString &folder);

    // The token stored in `folder`, created there when absent. Empty with a
    // reason in *error when the folder cannot be written or the file is refused.
    static QByteArray loadOrCreate(const QString &folder, QString *error);
    // The token stored in `folder`; empty with a reason when there is none.
    static QByteArray load(const QString &folder, QString *error);

    // The credentials of an Authorization field value "Bearer <token>"
    // (scheme case-insensitive, RFC 9110 section 11.1; RFC 6750 section 2.1);
    // empty for any other scheme or syntax.
    static QByteArray fromAuthorization(QByteArrayView fieldValue);

    // Whether `presented` equals `token`, in a time that depends on neither
    // their contents nor where they differ (both are hashed with SHA-256 and
    // the digests compared with no early exit). An empty token matches nothing.
    static bool matches(QByteArrayView presented, QByteArrayView token);
};

} // namespace hostbench::control
