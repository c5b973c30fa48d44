import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// A zooming scroll view zoomed by code, as a double-tap handler zooms it.
@Suite struct ZoomByCodeTests {
    /// A zooming scroll view's double tap: `zoom(to:animated:)` and `setZoomScale(_:animated:)`
    /// (UIScrollView's documentation: the delegate hears `scrollViewWillBeginZooming` "in cases
    /// where a change in zoom level is to be animated" and `scrollViewDidEndZooming` "after
    /// animated changes to the zoom level").
    final class Zooming: UIScrollViewDelegate {
        let image = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        var heard: [String] = []
        func viewForZooming(in scrollView: UIScrollView) -> UIView? { image }
        func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { heard.append("will \(scrollView.zoomScale)") }
        func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
            heard.append("did \(scale) \(AnchorPointTests.text(scrollView.contentOffset))")
        }
    }

    @Test func zoomingByCodeKeepsTheOffsetInTheContentAndTellsTheDelegate() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        let zooming = Zooming()
        scroll.addSubview(zooming.image)
        scroll.contentSize = zooming.image.frame.size
        scroll.minimumZoomScale = 1
        scroll.maximumZoomScale = 4
        scroll.delegate = zooming
        // A 50 × 50 rect at (300, 500): 390 / 50 = 7.8 and 600 / 50 = 12 are beyond the limit 4.
        // At 4 the content is 1560 × 2400 and the rect's middle (325, 525) is at (1300, 2100);
        // to the bounds' middle (195, 300): (1105, 1800), within the largest offset
        // (1560 − 390, 2400 − 600) = (1170, 1800).
        scroll.zoom(to: CGRect(x: 300, y: 500, width: 50, height: 50), animated: true)
        #expect(scroll.zoomScale == 4 && scroll.contentOffset == CGPoint(x: 1105, y: 1800))
        #expect(zooming.image.frame == CGRect(x: 0, y: 0, width: 1560, height: 2400))
        // Back to 1 about the middle of what is shown, (1300, 2100) → (325, 525), less
        // (195, 300): (130, 225), beyond the content (390 × 600, no offset possible): (0, 0).
        scroll.setZoomScale(1, animated: true)
        #expect(scroll.zoomScale == 1 && scroll.contentOffset == .zero)
        // Not animated: the delegate hears no beginning or end; nor when the zoom does not change.
        scroll.setZoomScale(2, animated: false)
        scroll.setZoomScale(2, animated: true)
        #expect(zooming.heard == ["will 1.0", "did 4.0 (1105.0000, 1800.0000)", "will 4.0", "did 1.0 (0.0000, 0.0000)"], "\(zooming.heard)")
    }
}
