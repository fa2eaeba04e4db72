#pragma once

#include <QWidget>

#include <array>

class QFrame;
class QLabel;
class QToolButton;

namespace hostbench::ui {

class EngineController;

/*
 * The status bar's engine line: the URL (a link that opens the browser,
 * selectable, with a Copy button), requests per second and open
 * connections, from EngineController's samples (every 500 ms). GUI thread.
 */
class EngineStatusLine final : public QWidget
{
    Q_OBJECT

public:
    explicit EngineStatusLine(EngineController &engine, QWidget *parent = nullptr);

protected:
    void changeEvent(QEvent *event) override;

private:
    void update();
    void copyUrl();

    EngineController &m_engine;
    QLabel *m_state = nullptr;
    QLabel *m_url = nullptr;
    QToolButton *m_copy = nullptr;
    QLabel *m_rate = nullptr;
    QLabel *m_connections = nullptr;
    std::array<QFrame *, 2> m_separators {};
};

} // namespace hostbench::ui
