#include "control/ControlToken.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTemporaryFile>

#include <array>
#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace hostbench::control {

using namespace Qt::StringLiterals;

namespace {

constexpr int kRandomBytes = ControlToken::kHexLength / 2;

bool isHexToken(const QByteArray &text)
{
    if (text.size() != ControlToken::kHexLength)
        return false;
    for (const char c : text) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return true;
}

QByteArray freshToken()
{
    std::array<quint32, kRandomBytes / sizeof(quint32)> words;
    QRandomGenerator::system()->fillRange(words.data(), qsizetype(words.size()));
    return QByteArray(reinterpret_cast<const char *>(words.data()), kRandomBytes).toHex();
}

// Writes a fresh token beside `path` (QTemporaryFile creates it 0600) and
// hard-links it into place: link() fails when `path` exists, so a token
// that another process stored first is never replaced, and a reader never
// sees a half-written file.
bool createTokenFile(const QString &path, QString *error)
{
    QTemporaryFile file(path + u".XXXXXX"_s);
    if (!file.open()) {
        *error = u"Cannot create a file beside %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    if (!file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)
        || file.write(QByteArray(freshToken() + '\n')) != ControlToken::kHexLength + 1 || !file.flush()) {
        *error = u"Cannot write %1: %2"_s.arg(file.fileName(), file.errorString());
        return false;
    }
    ::fsync(file.handle());
    if (::link(QFile::encodeName(file.fileName()).constData(), QFile::encodeName(path).constData()) != 0
        && errno != EEXIST) {
        *error = u"Cannot create %1: %2"_s.arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    return true; // the temporary file goes; `path` stays
}

} // namespace

QString ControlToken::filePath(const QString &folder)
{
    return QDir(folder).filePath(QString::fromLatin1(kFileName));
}

QByteArray ControlToken::load(const QString &folder, QString *error)
{
    const QString path = filePath(folder);
    const QFileInfo info(path);
    if (!info.exists()) {
        *error = u"There is no control token %1"_s.arg(path);
        return {};
    }
    constexpr QFileDevice::Permissions kOthers = QFileDevice::ReadGroup | QFileDevice::WriteGroup
        | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther;
    if (!info.isFile() || (info.permissions() & kOthers)) {
        *error = u"The control token %1 may be read by other users: remove it (a new one is made at the next "
                 "start) or make it private with chmod 600"_s.arg(path);
        return {};
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"Cannot read the control token %1: %2"_s.arg(path, file.errorString());
        return {};
    }
    const QByteArray token = file.read(kHexLength + 2).trimmed();
    if (!isHexToken(token)) {
        *error
            = u"The control token %1 is not %2 hexadecimal digits: remove it, and a new one is made at the "
              "next start"_s.arg(path)
                  .arg(kHexLength);
        return {};
    }
    return token;
}

QByteArray ControlToken::loadOrCreate(const QString &folder, QString *error)
{
    if (folder.isEmpty()) {
        *error = u"No data folder to keep the control token in"_s;
        return {};
    }
    if (!QDir().mkpath(folder)) {
        *error = u"Cannot create the folder %1"_s.arg(folder);
        return {};
    }
    if (!QFileInfo::exists(filePath(folder)) && !createTokenFile(filePath(folder), error))
        return {};
    return load(folder, error);
}

QByteArray ControlToken::fromAuthorization(QByteArrayView fieldValue)
{
    const QByteArray value = fieldValue.trimmed().toByteArray();
    const qsizetype space = value.indexOf(' ');
    if (space <= 0 || value.left(space).compare("bearer", Qt::CaseInsensitive) != 0)
        return {};
    const QByteArray credentials = value.mid(space + 1).trimmed();
    // b64token (RFC 6750 section 2.1): one word, no inner space.
    if (credentials.isEmpty() || credentials.contains(' ') || credentials.contains('\t'))
        return {};
    return credentials;
}

bool ControlToken::matches(QByteArrayView presented, QByteArrayView token)
{
    if (token.isEmpty())
        return false;
    const QByteArray a = QCryptographicHash::hash(presented, QCryptographicHash::Sha256);
    const QByteArray b = QCryptographicHash::hash(token, QCryptographicHash::Sha256);
    unsigned char difference = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        difference |= static_cast<unsigned char>(a[i] ^ b[i]);
    return difference == 0;
}

} // namespace hostbench::control
