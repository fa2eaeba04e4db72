// InstanceLock on a real folder and real local sockets: a second lock on the
// same folder (another spelling of its path) is refused and names this
// process; the lock is free again once released, and taken over from a
// process that is gone; activate() reaches the listener, and says so when
// none listens. Processes that lock one folder: tst_cli and tst_guiapp.
#include "sys/InstanceLock.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;

class TestInstanceLock final : public QObject
{
    Q_OBJECT

private slots:
    void secondLockRefusedNamesHolder();
    void releasedLockIsFree();
    void deadHoldersLockTakenOver();
    void activateReachesListener();
    void activateWithoutListener();
    void serverNameFollowsFolder();
};

void TestInstanceLock::secondLockRefusedNamesHolder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    sys::InstanceLock first(dir.path());
    QVERIFY(first.tryLock());
    QVERIFY(first.isLocked());
    QVERIFY(QFile::exists(dir.filePath(u"hostbench.lock"_s)));

    sys::InstanceLock second(dir.path() + u"/./"_s);
    QVERIFY(!second.tryLock());
    QVERIFY(!second.isLocked());
    QCOMPARE(second.holderPid(), QCoreApplication::applicationPid());
#if defined(Q_OS_LINUX)
    QFile comm(u"/proc/self/comm"_s);
    QVERIFY(comm.open(QIODevice::ReadOnly));
    const QString program = QString::fromLocal8Bit(comm.readAll()).trimmed();
    QCOMPARE(second.holderProgram(), program);
    QCOMPARE(second.describeHolder(), u"%1 (PID %2)"_s.arg(program).arg(QCoreApplication::applicationPid()));
#endif
}

void TestInstanceLock::releasedLockIsFree()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    {
        sys::InstanceLock first(dir.path());
        QVERIFY(first.tryLock());
    }
    sys::InstanceLock second(dir.path());
    QVERIFY(second.tryLock());
}

void TestInstanceLock::deadHoldersLockTakenOver()
{
    // A lock file as QLockFile writes it, for a process that has ended (a
    // holder killed with SIGKILL leaves one).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    sys::InstanceLock probe(dir.path());
    QFile file(probe.lockFilePath());
    QVERIFY(file.open(QIODevice::WriteOnly));
    // PID 2^22 + 1 is above Linux's largest (pid_max is at most 2^22): no such process.
    file.write("4194305\nhostbench\n" + QSysInfo::machineHostName().toUtf8() + "\n");
    file.close();

    sys::InstanceLock lock(dir.path());
    QVERIFY(lock.tryLock());
}

void TestInstanceLock::activateReachesListener()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    sys::InstanceLock first(dir.path());
    QVERIFY(first.tryLock());
    QString error;
    QVERIFY2(first.listen(&error), qPrintable(error));
    QSignalSpy activated(&first, &sys::InstanceLock::activationRequested);

    sys::InstanceLock second(dir.path() + u"/"_s);
    QVERIFY(!second.tryLock());
    QVERIFY(second.activate());
    QTRY_COMPARE(activated.count(), 1);
    QVERIFY(second.activate());
    QTRY_COMPARE(activated.count(), 2);
}

void TestInstanceLock::activateWithoutListener()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    sys::InstanceLock first(dir.path());
    QVERIFY(first.tryLock()); // locked (a hostbench-cli serve), but no window listens
    sys::InstanceLock second(dir.path());
    QVERIFY(!second.activate(1000));
}

void TestInstanceLock::serverNameFollowsFolder()
{
    QTemporaryDir a;
    QTemporaryDir b;
    QVERIFY(a.isValid() && b.isValid());
    QCOMPARE(sys::InstanceLock::serverName(a.path()), sys::InstanceLock::serverName(a.path() + u"/./"_s));
    QVERIFY(sys::InstanceLock::serverName(a.path()) != sys::InstanceLock::serverName(b.path()));
    QVERIFY(sys::InstanceLock::serverName(a.path()).startsWith(u"hostbench-"_s));
}

QTEST_GUILESS_MAIN(TestInstanceLock)
#include "tst_instancelock.moc"
