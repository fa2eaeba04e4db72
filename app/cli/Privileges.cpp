#include "cli/Privileges.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

// The passwd entry of `name`, or false.
bool lookUp(const QString &name, uid_t *uid, gid_t *gid)
{
    const QByteArray local = name.toLocal8Bit();
    long size = ::sysconf(_SC_GETPW_R_SIZE_MAX);
    std::vector<char> buffer(size_t(size > 0 ? size : 16384));
    passwd entry {};
    passwd *found = nullptr;
    while (::getpwnam_r(local.constData(), &entry, buffer.data(), buffer.size(), &found) == ERANGE)
        buffer.resize(buffer.size() * 2);
    if (!found)
        return false;
    *uid = found->pw_uid;
    *gid = found->pw_gid;
    return true;
}

QString nameOf(uid_t uid)
{
    long size = ::sysconf(_SC_GETPW_R_SIZE_MAX);
    std::vector<char> buffer(size_t(size > 0 ? size : 16384));
    passwd entry {};
    passwd *found = nullptr;
    if (::getpwuid_r(uid, &entry, buffer.data(), buffer.size(), &found) != 0 || !found)
        return QString::number(uid);
    return QString::fromLocal8Bit(found->pw_name);
}

} // namespace

std::optional<Privileges::Plan> Privileges::plan(
    const std::optional<QString> &user, uid_t euid, const QString &sudoUser, QString *error)
{
    Plan plan;
    if (user && user->trimmed().isEmpty()) {
        *error = u"--user needs a user name (--user root to stay root)"_s;
        return std::nullopt;
    }
    if (euid != 0) {
        if (!user)
            return plan;
        uid_t uid = 0;
        gid_t gid = 0;
        if (!lookUp(user->trimmed(), &uid, &gid)) {
            *error = u"--user: there is no user \"%1\""_s.arg(user->trimmed());
            return std::nullopt;
        }
        if (uid != euid) {
            *error = u"--user %1: only root can serve as another user (this process runs as %2)"_s.arg(
                user->trimmed(), nameOf(euid));
            return std::nullopt;
        }
        return plan;
    }
    const QString name = user ? user->trimmed() : sudoUser.trimmed();
    if (name.isEmpty()) {
        *error = u"serve was started as root: give --user NAME to serve as that user once the ports are "
                 "bound (as nginx's `user`), or --user root to go on as root"_s;
        return std::nullopt;
    }
    if (!lookUp(name, &plan.uid, &plan.gid)) {
        *error = user ? u"--user: there is no user \"%1\""_s.arg(name)
                      : u"$SUDO_USER names \"%1\", who is not a user here: give --user NAME"_s.arg(name);
        return std::nullopt;
    }
    plan.user = name;
    plan.action = plan.uid == 0 ? Plan::Action::StayRoot : Plan::Action::Drop;
    if (plan.action == Plan::Action::StayRoot && !user) {
        *error = u"$SUDO_USER names root: give --user NAME, or --user root to go on as root"_s;
        return std::nullopt;
    }
    return plan;
}

bool Privileges::handOver(const QString &folder, const Plan &plan, QString *error)
{
    if (plan.action != Plan::Action::Drop || !QFileInfo::exists(folder))
        return true;
    struct stat parent
    {
    };
    const QByteArray parentPath = QFile::encodeName(QFileInfo(folder).absolutePath());
    if (::stat(parentPath.constData(), &parent) != 0 || parent.st_uid != plan.uid)
        return true;
    QStringList paths { folder };
    QDirIterator it(folder, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
        QDirIterator::Subdirectories);
    while (it.hasNext())
        paths.append(it.next());
    for (const QString &path : std::as_const(paths)) {
        // lchown: a link is changed itself, never what it points at.
        if (::lchown(QFile::encodeName(path).constData(), plan.uid, plan.gid) != 0) {
            if (error)
                *error = QStringLiteral("cannot give %1 to %2: %3")
                             .arg(path, plan.user, QString::fromLocal8Bit(std::strerror(errno)));
            return false;
        }
    }
    return true;
}

bool Privileges::drop(const Plan &plan, QString *error)
{
    if (plan.action != Plan::Action::Drop)
        return true;
    const QByteArray name = plan.user.toLocal8Bit();
    const auto fail = [&](const char *what) {
        *error = u"cannot serve as %1: %2: %3"_s.arg(
            plan.user, QString::fromLatin1(what), QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    };
    if (::initgroups(name.constData(), plan.gid) != 0)
        return fail("initgroups");
    if (::setresgid(plan.gid, plan.gid, plan.gid) != 0)
        return fail("setresgid");
    if (::setresuid(plan.uid, plan.uid, plan.uid) != 0)
        return fail("setresuid");
    // Root must be gone for good: a way back would make the drop worthless.
    if (::setuid(0) == 0 || ::geteuid() != plan.uid || ::getegid() != plan.gid) {
        *error = u"cannot serve as %1: root could be had back after the switch"_s.arg(plan.user);
        return false;
    }
    return true;
}

QString Privileges::describe(const Plan &plan)
{
    switch (plan.action) {
    case Plan::Action::Drop:
        return u"Serving as user %1 (uid %2, gid %3): root was given up once the ports were bound"_s.arg(
            plan.user, QString::number(plan.uid), QString::number(plan.gid));
    case Plan::Action::StayRoot:
        return u"Serving as root (--user root): every file root can read may be served"_s;
    case Plan::Action::Keep:
        break;
    }
    return {};
}

} // namespace hostbench::cli
