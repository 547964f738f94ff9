import { Pagination, A11y } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import type { EventItem } from '../../lib/types.ts';
import EventCard from '../events/EventCard.tsx';
import { imageSlots } from '../../lib/images/image-slots.ts';

/** "What we have done": one event per view, 30 px apart, with clickable pagination. Loaded lazily. */
export default function EventsSlider({ events, now }: { events: EventItem[]; now: Date }) {
  return (
    <Swiper
      modules={[Pagination, A11y]}
      slidesPerView={1}
      spaceBetween={30}
      pagination={{ clickable: true }}
      className="!pb-12"
    >
      {events.map((event) => (
        // The card fills its slide: a flex row would shrink it to its text, leaving half the row empty.
        <SwiperSlide key={event.id} className="!flex !h-auto [&>article]:w-full">
          <EventCard event={event} now={now} imageSlot={imageSlots.chapterSlide} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
